import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { lockAccountByEmail, lockActingAdmins, setAdmin } from '../accounts/accounts.service.ts';
import { recordAdminAction } from './admin-audit.ts';

// Making a user an admin, or not, from the server's command line (`npm run admin`): the operator
// there is the actor, as nobody is signed in (docs/decisions/025).

export type AdminRoleChange = 'grant' | 'revoke';

export type AdminRoleOutcome =
  | { result: 'granted' | 'revoked' | 'already-admin' | 'not-admin'; userId: string; accountDeleted: boolean }
  | { result: 'unknown-email' }
  /** The address belongs only to deleted accounts: nobody can sign in with it to be an admin. */
  | { result: 'deleted-account' }
  /** Nobody has proved the address is theirs: whoever registered it first would become an admin. */
  | { result: 'unverified-email'; userId: string }
  | { result: 'disabled-account'; userId: string }
  /** Revoking would leave no admin who can act; `force` does it anyway. */
  | { result: 'last-admin'; userId: string };

/**
 * Grants or revokes admin rights of the account with `email`, with its audit row in the same
 * transaction. Running it twice, even at once, changes once and writes one row: the second finds
 * the change made (`already-admin`, `not-admin`). Only a live, enabled account with a verified
 * address is made an admin; the last admin who can act keeps the rights unless `force` is given.
 */
export async function changeAdminRole(
  db: Db,
  change: AdminRoleChange,
  email: string,
  operator: string,
  { force = false }: { force?: boolean } = {},
): Promise<AdminRoleOutcome> {
  return inTransaction(db, async ({ tx }) => {
    const account = await lockAccountByEmail(tx, email);
    if (account.kind === 'unknown') return { result: 'unknown-email' };
    if (change === 'grant') {
      if (account.kind === 'deleted') return { result: 'deleted-account' };
      if (account.disabled) return { result: 'disabled-account', userId: account.userId };
      if (!account.emailVerified) return { result: 'unverified-email', userId: account.userId };
    } else if (account.kind === 'live' && !force) {
      const acting = await lockActingAdmins(tx);
      if (acting.length === 1 && acting[0] === account.userId)
        return { result: 'last-admin', userId: account.userId };
    }
    // A deleted account keeps its admins row; revoking by its old address still clears it.
    const userIds = account.kind === 'live' ? [account.userId] : account.userIds;
    let changedId: string | undefined;
    for (const userId of userIds) {
      if (!(await setAdmin(tx, userId, change === 'grant'))) continue;
      changedId = userId;
      await recordAdminAction(tx, {
        operator,
        action: change === 'grant' ? 'admin.grant' : 'admin.revoke',
        entityType: 'user',
        entityId: userId,
        before: { admin: change === 'revoke' },
        after: { admin: change === 'grant' },
      });
    }
    const accountDeleted = account.kind === 'deleted';
    const userId = changedId ?? userIds[0] ?? '';
    if (changedId) return { result: change === 'grant' ? 'granted' : 'revoked', userId, accountDeleted };
    return { result: change === 'grant' ? 'already-admin' : 'not-admin', userId, accountDeleted };
  });
}
