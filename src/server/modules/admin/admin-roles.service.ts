import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { lockAccountByEmail, setAdmin } from '../accounts/accounts.service.ts';
import { recordAdminAction } from './admin-audit.ts';

// Making a user an admin, or not, from the server's command line (`npm run admin`): the operator
// there is the actor, as nobody is signed in (docs/decisions/025).

export type AdminRoleChange = 'grant' | 'revoke';

export type AdminRoleOutcome =
  | { result: 'granted' | 'revoked' | 'already-admin' | 'not-admin'; userId: string; accountDeleted: boolean }
  | { result: 'unknown-email' }
  /** The address belongs only to deleted accounts: nobody can sign in with it to be an admin. */
  | { result: 'deleted-account' };

/**
 * Grants or revokes admin rights of the account with `email`, with its audit row in the same
 * transaction. Running it twice, even at once, changes once and writes one row: the second finds
 * the change made (`already-admin`, `not-admin`).
 */
export async function changeAdminRole(
  db: Db,
  change: AdminRoleChange,
  email: string,
  operator: string,
): Promise<AdminRoleOutcome> {
  return inTransaction(db, async ({ tx }) => {
    const account = await lockAccountByEmail(tx, email);
    if (account.kind === 'unknown') return { result: 'unknown-email' };
    if (account.kind === 'deleted' && change === 'grant') return { result: 'deleted-account' };
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
