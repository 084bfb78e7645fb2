import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { messages } from '#shared/accounts/accounts.schema.ts';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Executor } from '../../db/client.ts';
import type { DataOwner } from '../../db/data-owner.ts';
import {
  admins,
  deletedUsers,
  oauthAccounts,
  passwordResetCodes,
  sessions,
  users,
} from '../../db/schema/index.ts';

// What the accounts module keeps of a person, for the privacy module (modules/privacy): the
// account's part of the personal data export, and the deleted accounts' archives it empties.

type AccountPart = Pick<PersonalDataExport, 'account' | 'linkedSignIns' | 'sessions' | 'passwordResets'>;

/**
 * The live account with its linked sign-ins, sessions (`current` is the one asking) and password
 * reset requests; and whose data the other modules' parts are: its id, and its address once
 * verified (docs/decisions/037). A deleted account has none: 'unauthenticated'.
 */
export async function accountsPersonalData(
  executor: Executor,
  userId: string,
  currentSessionHash: string,
): Promise<{ owner: DataOwner; part: AccountPart }> {
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('unauthenticated', { message: messages.noCurrentUser });
  const [admin] = await executor.select().from(admins).where(eq(admins.userId, userId));
  const linked = await executor
    .select()
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(asc(oauthAccounts.createdAt));
  const ownSessions = await executor
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const resets = await executor
    .select()
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.userId, userId))
    .orderBy(asc(passwordResetCodes.createdAt));

  return {
    // By address only once its owner proved it is theirs (docs/decisions/037).
    owner: { userId, verifiedAddress: user.emailVerifiedAt ? user.email : null },
    part: {
      account: {
        id: user.id,
        email: user.email,
        emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
        username: user.username,
        displayName: user.displayName,
        firstName: user.firstName,
        lastName: user.lastName,
        iban: user.iban,
        hasPassword: user.passwordHash !== null,
        isAdmin: admin !== undefined,
        tutorialCompletedAt: user.tutorialCompletedAt?.toISOString() ?? null,
        disabledAt: user.disabledAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
      },
      linkedSignIns: linked.map((link) => ({
        provider: link.provider,
        email: link.email,
        linkedAt: link.createdAt.toISOString(),
      })),
      sessions: ownSessions.map((session) => ({
        startedAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        reauthenticatedAt: session.reauthenticatedAt?.toISOString() ?? null,
        current: session.tokenHash === currentSessionHash,
      })),
      passwordResets: resets.map((reset) => ({
        requestedAt: reset.createdAt.toISOString(),
        expiresAt: reset.expiresAt.toISOString(),
        usedAt: reset.usedAt?.toISOString() ?? null,
      })),
    },
  };
}

/** Archives not yet emptied of accounts deleted longer than `months` ago. */
const archivedLongerThan = (months: number): SQL | undefined =>
  and(
    isNull(deletedUsers.purgedAt),
    lt(deletedUsers.deletedAt, sql`now() - make_interval(months => ${months})`),
  );

/** The deleted accounts whose archive is older than `months` and not yet emptied. */
export async function archivesOlderThan(executor: Executor, months: number): Promise<string[]> {
  const rows = await executor
    .select({ userId: deletedUsers.userId })
    .from(deletedUsers)
    .where(archivedLongerThan(months));
  return rows.map((row) => row.userId);
}

/**
 * Empties these accounts' archives of personal data, those still older than `months` (a second run
 * meanwhile empties none twice); the row stays as the record that the account was deleted and when.
 * Returns how many it emptied.
 */
export async function emptyArchives(
  executor: Executor,
  userIds: readonly string[],
  months: number,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const emptied = await executor
    .update(deletedUsers)
    .set({ userData: {}, purgedAt: sql`now()` })
    .where(and(inArray(deletedUsers.userId, [...userIds]), archivedLongerThan(months)))
    .returning({ userId: deletedUsers.userId });
  return emptied.length;
}
