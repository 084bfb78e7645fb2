import { and, eq } from 'drizzle-orm';
import type { SocialErrorCode } from '#shared/accounts/accounts.schema.ts';
import type { Db } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/errors.ts';
import { oauthAccounts, users } from '../../../db/schema/index.ts';
import { findActiveUserByEmail, type UserRow } from '../accounts.service.ts';
import { createSession, markReauthenticated } from '../sessions.ts';
import type { SocialIdentity } from './oauth-client.ts';

/** A sign-in that ends in one of the spec's social error messages (spec 01 §8). */
export class SocialSignInError extends Error {
  readonly code: SocialErrorCode;
  constructor(code: SocialErrorCode, detail?: string) {
    super(detail ?? code);
    this.code = code;
  }
}

/** spec 01 §4: the first word of the provider's display name is the first name, the rest the last name. */
export function splitDisplayName(name: string | null): { firstName: string | null; lastName: string | null } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  return {
    firstName: words[0]?.toLowerCase() ?? null,
    lastName: words.slice(1).join(' ').toLowerCase() || null,
  };
}

/**
 * Signs in with a provider identity. A linked identity signs in its user. An unknown identity
 * whose e-mail already has an account is refused (no silent linking: whoever controls the
 * provider account would take over the existing one). Otherwise a new user is created, who must
 * then finish the profile.
 */
export async function signInWithIdentity(
  db: Db,
  identity: SocialIdentity,
): Promise<{ user: UserRow; token: string }> {
  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(
      and(
        eq(oauthAccounts.provider, identity.provider),
        eq(oauthAccounts.providerUserId, identity.providerUserId),
      ),
    );
  if (linked) {
    if (linked.user.disabledAt || linked.user.deletedAt) throw new SocialSignInError('user-disabled');
    return { user: linked.user, token: await createSession(db, linked.user.id) };
  }
  if (!identity.email || !identity.emailVerified)
    throw new SocialSignInError('failed', 'the provider gave no verified e-mail');
  if (await findActiveUserByEmail(db, identity.email))
    throw new SocialSignInError('account-exists-with-different-credential');

  const { firstName, lastName } = splitDisplayName(identity.name);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: identity.email ?? '',
          firstName,
          lastName,
          // The provider vouched for the address (checked above).
          emailVerifiedAt: new Date(),
        })
        .returning();
      if (!user) throw new Error('insert returned no user');
      await tx.insert(oauthAccounts).values({
        provider: identity.provider,
        providerUserId: identity.providerUserId,
        userId: user.id,
        email: identity.email,
      });
      return { user, token: await createSession(tx, user.id) };
    });
  } catch (error) {
    // Two sign-ins racing for the same new address: the loser sees the account as existing.
    if (uniqueViolation(error)) throw new SocialSignInError('account-exists-with-different-credential');
    throw error;
  }
}

/** Re-authentication before a sensitive action: the identity must belong to the signed-in user. */
export async function reauthenticateWithIdentity(
  db: Db,
  sessionHash: string,
  userId: string,
  identity: SocialIdentity,
): Promise<void> {
  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.provider, identity.provider),
        eq(oauthAccounts.providerUserId, identity.providerUserId),
      ),
    );
  if (linked?.userId !== userId) throw new SocialSignInError('account-exists-with-different-credential');
  await markReauthenticated(db, sessionHash);
}
