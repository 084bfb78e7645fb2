import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type AccountDetails,
  type AuthUser,
  messages,
  type SocialProvider,
} from '#shared/accounts/accounts.schema.ts';
import { normalizeIban } from '#shared/accounts/iban.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { PersonalDataEraser } from '../../db/data-owner.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  admins,
  deletedUsers,
  emailVerifications,
  oauthAccounts,
  passwordResetCodes,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { inTransaction, type Transaction } from '../../db/transaction.ts';
import { enqueueMail, type MailQueued } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import { queueVerificationMail } from './email-verification.ts';
import { releaseLoginAttempt, reserveLoginAttempt } from './login-throttle.ts';
import { createSession, deleteUserSessions } from './sessions.ts';

export type UserRow = typeof users.$inferSelect;

const resetCodeLifetimeMinutes = 60;
/** How recently the user must have re-entered the password (or the provider) to delete the account. */
const reauthWindowMs = 5 * 60 * 1000;

export const usernameTaken = () => AppError.field('username-taken', 'username');
const emailInUse = () => AppError.field('email-in-use', 'email');

/** Maps a unique-index violation from an insert or update to the user's field error. */
export function rethrowUniqueViolation(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('users_username_unique')) throw usernameTaken();
  if (constraint?.includes('users_email_unique')) throw emailInUse();
  throw error;
}

export async function findActiveUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return user;
}

async function assertUsernameFree(
  executor: Executor,
  username: string,
  exceptUserId?: string,
): Promise<void> {
  const [taken] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username.toLowerCase()));
  if (taken && taken.id !== exceptUserId) throw usernameTaken();
}

export async function getAuthUser(db: Db, userId: string): Promise<AuthUser> {
  const [row] = await db
    .select({ user: users, adminId: admins.userId })
    .from(users)
    .leftJoin(admins, eq(admins.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new AppError('unauthenticated', { message: messages.noCurrentUser });
  return toAuthUser(row.user, row.adminId !== null);
}

/** Whether the user is one of the admins. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: admins.userId }).from(admins).where(eq(admins.userId, userId));
  return row !== undefined;
}

/** Whom an e-mail address names: a live account, the deleted accounts that had it, or nobody. */
export type AccountByEmail =
  | { kind: 'live'; userId: string; disabled: boolean; emailVerified: boolean }
  | { kind: 'deleted'; userIds: string[] }
  | { kind: 'unknown' };

/**
 * The account with this e-mail, its row locked until the transaction ends (so it is not deleted
 * meanwhile); else the deleted accounts whose archived data had it.
 */
export async function lockAccountByEmail(executor: Executor, email: string): Promise<AccountByEmail> {
  const address = email.trim().toLowerCase();
  const [live] = await executor
    .select({ id: users.id, disabledAt: users.disabledAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.email, address), isNull(users.deletedAt)))
    .for('update');
  if (live)
    return {
      kind: 'live',
      userId: live.id,
      disabled: live.disabledAt !== null,
      emailVerified: live.emailVerifiedAt !== null,
    };
  const deleted = await executor
    .select({ userId: deletedUsers.userId })
    .from(deletedUsers)
    .where(sql`lower(${deletedUsers.userData}->>'email') = ${address}`);
  return deleted.length > 0
    ? { kind: 'deleted', userIds: deleted.map((row) => row.userId) }
    : { kind: 'unknown' };
}

/**
 * The admins who can still act (their account live and enabled), their admin rows locked until the
 * transaction ends: two revocations at once cannot both see the other as the one left.
 */
export async function lockActingAdmins(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ userId: admins.userId })
    .from(admins)
    .innerJoin(users, eq(users.id, admins.userId))
    .where(and(isNull(users.deletedAt), isNull(users.disabledAt)))
    .orderBy(admins.userId)
    .for('update', { of: admins });
  return rows.map((row) => row.userId);
}

/** Makes the user an admin or not; whether that changed anything (false: it already was so). */
export async function setAdmin(executor: Executor, userId: string, admin: boolean): Promise<boolean> {
  const changed = admin
    ? await executor
        .insert(admins)
        .values({ userId })
        .onConflictDoNothing()
        .returning({ userId: admins.userId })
    : await executor.delete(admins).where(eq(admins.userId, userId)).returning({ userId: admins.userId });
  return changed.length > 0;
}

export function toAuthUser(user: UserRow, isAdmin: boolean): AuthUser {
  return {
    uid: user.id,
    email: user.email,
    username: user.username,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    needsProfile: !user.username,
    isAdmin,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

export interface RegisterFields {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/**
 * Creates a password account and signs it in, and mails the link that verifies its address;
 * returns the new session token. Call `mailQueued` after it.
 */
export async function register(
  db: Db,
  publicUrl: string,
  input: RegisterFields,
): Promise<{ user: UserRow; token: string }> {
  const passwordHash = await hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (await findActiveUserByEmail(tx, input.email)) throw emailInUse();
      await assertUsernameFree(tx, input.username);
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          username: input.username.toLowerCase(),
          displayName: input.username,
          firstName: input.firstName.toLowerCase(),
          lastName: input.lastName.toLowerCase(),
          passwordHash,
        })
        .returning();
      if (!user) throw new Error('insert returned no user');
      await queueVerificationMail(tx, publicUrl, user);
      return { user, token: await createSession(tx, user.id) };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    rethrowUniqueViolation(error);
  }
}

// Verifying against a fixed hash when there is no such user keeps the answer time the same,
// so the response time does not tell whether an address has an account.
let decoyHash: Promise<string> | undefined;
const getDecoyHash = () => {
  decoyHash ??= hash(randomBytes(16).toString('hex'));
  return decoyHash;
};

/** Checks a password; without a hash it still spends the same time, then says no. */
async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash) return verify(passwordHash, password);
  await verify(await getDecoyHash(), password);
  return false;
}

export async function login(
  db: Db,
  email: string,
  password: string,
  ip: string,
): Promise<{ user: UserRow; token: string }> {
  await reserveLoginAttempt(db, { email, ip });
  const user = await findActiveUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new AppError('invalid-credential');
  await releaseLoginAttempt(db, { email, ip });
  if (user.disabledAt) throw new AppError('user-disabled');
  return { user, token: await createSession(db, user.id) };
}

export interface ProfileFields {
  username: string;
  firstName: string;
  lastName: string;
}

export async function completeProfile(db: Db, userId: string, input: ProfileFields): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await assertUsernameFree(tx, input.username, userId);
      const updated = await tx
        .update(users)
        .set({
          username: input.username.toLowerCase(),
          displayName: input.username,
          firstName: input.firstName.toLowerCase(),
          lastName: input.lastName.toLowerCase(),
        })
        // Only a profile without a username is completed here; a username, once public, stays.
        .where(and(eq(users.id, userId), isNull(users.username), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('aborted', { message: messages.profileAlreadyComplete });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    rethrowUniqueViolation(error);
  }
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Sends a single-use reset link to the account's address. Says nothing about whether the
 * address has an account (docs/decisions/003).
 */
export async function requestPasswordReset(
  db: Db,
  mailQueued: MailQueued,
  email: string,
  publicUrl: string,
): Promise<void> {
  const user = await findActiveUserByEmail(db, email);
  if (!user || user.disabledAt) return;
  const code = randomBytes(32).toString('base64url');
  const link = `${publicUrl}/salasanan-vaihto?oobCode=${code}`;
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetCodes).values({
      codeHash: hashCode(code),
      userId: user.id,
      expiresAt: sql`now() + make_interval(mins => ${resetCodeLifetimeMinutes})`,
    });
    await enqueueMail(tx, {
      to: user.email,
      toUserId: user.id,
      subject: 'Salasanan vaihto – Lipputori',
      ...renderMail({
        heading: 'Vaihda salasanasi',
        paragraphs: [
          'Saimme pyynnön vaihtaa Lipputori-tilisi salasanan. Voit asettaa uuden salasanan alla olevasta linkistä.',
          'Linkki on voimassa tunnin ja toimii kerran. Jos et pyytänyt vaihtoa, voit jättää tämän viestin huomiotta: salasanasi pysyy ennallaan.',
        ],
        action: { label: 'Vaihda salasana', url: link },
      }),
    });
  });
  mailQueued();
}

/** Sets the new password if the code is unused and fresh; one conditional update decides. */
export async function confirmPasswordReset(db: Db, code: string, newPassword: string): Promise<void> {
  const codeHash = hashCode(code);
  const [row] = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.codeHash, codeHash));
  if (!row || row.usedAt) throw new AppError('invalid-action-code');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('expired-action-code');
  const passwordHash = await hash(newPassword);
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResetCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetCodes.codeHash, codeHash),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetCodes.userId });
    const userId = claimed[0]?.userId;
    if (!userId) throw new AppError('invalid-action-code');
    // The link came to the account's address: using it proves the address is the user's.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId));
    // Other links sent earlier die with this one, and every signed-in device must log in again.
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
    await deleteUserSessions(tx, userId);
  });
}

export async function getAccountDetails(db: Db, userId: string): Promise<AccountDetails> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('unauthenticated', { message: messages.noCurrentUser });
  const linked = await db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId));
  return {
    email: user.email,
    iban: user.iban,
    hasPassword: user.passwordHash !== null,
    providers: linked.map((row) => row.provider as SocialProvider),
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
    tutorialCompleted: user.tutorialCompleted,
  };
}

/** Where to mail a user and how to greet them; undefined for a deleted account (no mail). */
export async function findMailContact(
  executor: Executor,
  userId: string,
): Promise<{ userId: string; email: string; displayName: string | null } | undefined> {
  const [user] = await executor
    .select({ userId: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user;
}

/** What the admin area shows of a user: who they are and where their money goes. */
export interface UserForAdmin {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** Normalised ('FI…' without spaces), or null. */
  iban: string | null;
  /** The account was deleted: the details come from its archive. */
  accountDeleted: boolean;
}

const archivedText = (data: Record<string, unknown> | null, key: string): string | null =>
  typeof data?.[key] === 'string' ? data[key] : null;

/**
 * Users by id, in one query. A deleted account's row is emptied, but a seller it had not yet paid
 * must still be paid: its details are read from the deleted-user archive.
 */
export async function findUsersForAdmin(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, UserForAdmin>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      iban: users.iban,
      deletedAt: users.deletedAt,
      archive: deletedUsers.userData,
    })
    .from(users)
    .leftJoin(deletedUsers, eq(deletedUsers.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map(({ deletedAt, archive, ...row }) => {
      const current = deletedAt
        ? {
            ...row,
            username: archivedText(archive, 'username'),
            firstName: archivedText(archive, 'firstName'),
            lastName: archivedText(archive, 'lastName'),
            email: archivedText(archive, 'email') ?? row.email,
            iban: archivedText(archive, 'iban'),
          }
        : row;
      return [
        row.id,
        {
          ...current,
          iban: current.iban ? normalizeIban(current.iban) : null,
          accountDeleted: deletedAt !== null,
        },
      ];
    }),
  );
}

export async function updateIban(db: Db, userId: string, iban: string): Promise<void> {
  await db.update(users).set({ iban }).where(eq(users.id, userId));
}

/** Records that the seller tutorial was completed; the first completion's time is kept. */
export async function completeSellerTutorial(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tutorialCompleted: true, tutorialCompletedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.tutorialCompleted, false)));
}

export async function verifyPasswordForReauth(
  db: Db,
  userId: string,
  password: string,
  ip: string,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.passwordHash) throw new AppError('no-password');
  await reserveLoginAttempt(db, { email: user.email, ip });
  if (!(await verify(user.passwordHash, password))) throw AppError.field('wrong-password', 'password');
  await releaseLoginAttempt(db, { email: user.email, ip });
}

/** What deleting an account needs of the other modules (wired in app.ts; accounts imports none). */
export interface AccountDeletionPorts {
  /** Takes the seller's open listings off sale in the deletion's transaction; how many (modules/listings). */
  listingLifecycle: {
    removeAllOfSeller(transaction: Transaction, sellerId: string, reason: 'account_deleted'): Promise<number>;
  };
  /** Each module's removal of what it keeps of the person outside the account (docs/decisions/037). */
  erasers: readonly PersonalDataEraser[];
}

/**
 * Deletes the account (spec 01 §4): the seller's pending and listed listings are taken off sale,
 * the user data goes to the archive, the user row is emptied of personal data, and every module
 * removes or anonymises what it keeps of the person, by the account's id and its verified address.
 * Sales and payouts keep their references to the (now anonymous) row for bookkeeping.
 */
export async function deleteAccount(
  db: Db,
  { listingLifecycle, erasers }: AccountDeletionPorts,
  userId: string,
  reauthenticatedAt: Date | null,
): Promise<void> {
  if (!reauthenticatedAt || Date.now() - reauthenticatedAt.getTime() > reauthWindowMs) {
    throw new AppError('requires-recent-login');
  }
  await inTransaction(db, async (transaction) => {
    const { tx } = transaction;
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw new AppError('unauthenticated', { message: messages.noCurrentUser });
    const linked = await tx.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));

    const ticketsRemoved = await listingLifecycle.removeAllOfSeller(transaction, userId, 'account_deleted');

    const { passwordHash: _secret, ...userData } = user;
    await tx.insert(deletedUsers).values({
      userId,
      userData: {
        ...userData,
        oauthAccounts: linked.map(({ provider, providerUserId, email }) => ({
          provider,
          providerUserId,
          email,
        })),
      },
      ticketsRemoved,
      originalCollections: [
        'users',
        'public usernames',
        'sessions',
        'oauth accounts',
        'listings (pending, listed)',
        'e-mail verifications',
        'outbox',
        'contact messages',
        'newsletter',
        'analytics events',
      ],
    });
    // Before the row loses its address: by that address only if its owner proved it theirs.
    const owner = { userId, verifiedAddress: user.emailVerifiedAt ? user.email : null };
    for (const erase of erasers) await erase(tx, owner);
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        username: null,
        displayName: null,
        firstName: null,
        lastName: null,
        passwordHash: null,
        iban: null,
        emailVerifiedAt: null,
        deletedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/**
 * The IBANs more than one user has given, normalised like `normalizeIban` on both sides (older
 * rows may hold spaces), each with its users' ids: the shared-IBAN warning (spec 02 §5). One query
 * over the users that have an IBAN; only the shared ones come back.
 */
export async function findSharedIbans(executor: Executor): Promise<Map<string, string[]>> {
  const iban = sql<string>`upper(regexp_replace(${users.iban}, '\\s', '', 'g'))`;
  const rows = await executor
    .select({ iban, userIds: sql<string[]>`array_agg(${users.id}::text order by ${users.id})` })
    .from(users)
    .where(isNotNull(users.iban))
    .groupBy(iban)
    .having(sql`count(*) > 1`);
  return new Map(rows.map((row) => [row.iban, row.userIds]));
}
