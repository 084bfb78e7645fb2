import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { type EmailVerificationResponse, messages } from '#shared/accounts/accounts.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { emailVerifications, users } from '../../db/schema/index.ts';
import { enqueueMail, type MailQueued } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/templates.ts';

// Proving that an account's e-mail address is its owner's (docs/decisions/037). Registration asks
// for no proof, so until the link mailed to the address is used, nothing is matched to the account
// by its address: another person's contact messages, newsletter consent or mails stay theirs.

const linkLifetimeDays = 7;
/** Links one account may have mailed in 24 hours: nobody can mail-bomb an address through us. */
export const verificationMailsPerDay = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mails a new verification link to the account's address, in the caller's transaction, which must
 * hold the account's row (a new one, or locked) so that parallel requests cannot pass the daily cap.
 */
export async function queueVerificationMail(
  executor: Executor,
  publicUrl: string,
  user: { id: string; email: string },
): Promise<void> {
  const [sent] = await executor
    .select({ mails: count() })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, user.id),
        gt(emailVerifications.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  if ((sent?.mails ?? 0) >= verificationMailsPerDay)
    throw new AppError('resource-exhausted', { message: messages.verificationMailsUsedUp });
  const token = randomBytes(32).toString('base64url');
  await executor.insert(emailVerifications).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    expiresAt: sql`now() + make_interval(days => ${linkLifetimeDays})`,
  });
  await enqueueMail(executor, {
    to: user.email,
    toUserId: user.id,
    subject: 'Vahvista sähköpostiosoitteesi – Lipputori',
    ...renderMail({
      heading: 'Vahvista sähköpostiosoitteesi',
      paragraphs: [
        'Tämä osoite annettiin Lipputori-tilin sähköpostiosoitteeksi. Vahvista alla olevasta linkistä, että osoite on sinun.',
        'Kun osoite on vahvistettu, omiin tietoihisi liitetään myös tästä osoitteesta lähetetyt yhteydenotot, uutiskirjeen tilaus ja osoitteeseen aiemmin lähetetyt viestit.',
        `Linkki on voimassa ${linkLifetimeDays} päivää. Jos et luonut tiliä Lipputoriin, voit jättää tämän viestin huomiotta.`,
      ],
      action: {
        label: 'Vahvista sähköpostiosoite',
        url: `${publicUrl}/vahvista-sahkoposti?token=${token}`,
      },
    }),
  });
}

/** The profile's "send the link again": refused once the address is verified or the day's links are used. */
export async function requestVerificationMail(
  db: Db,
  mailQueued: MailQueued,
  publicUrl: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw new AppError('unauthenticated', { message: messages.noCurrentUser });
    if (user.emailVerifiedAt) throw new AppError('email-already-verified');
    await queueVerificationMail(tx, publicUrl, user);
  });
  mailQueued();
}

/**
 * The link, opened and confirmed by its reader: the address it was sent to becomes the account's
 * verified address, if the account still has it. The same link again answers that it already is.
 * Works without signing in: the link is often opened on another device.
 */
export async function verifyEmail(db: Db, token: string): Promise<EmailVerificationResponse> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        userId: emailVerifications.userId,
        email: emailVerifications.email,
        expiresAt: emailVerifications.expiresAt,
        usedAt: emailVerifications.usedAt,
      })
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(token)));
    if (!link) throw new AppError('email-link-invalid');
    const [user] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
      .for('update');
    // A link mailed to an address the account no longer has proves nothing about the new one.
    if (!user || user.email !== link.email) throw new AppError('email-link-invalid');
    if (user.emailVerifiedAt) return { status: 'already-verified' };
    if (link.usedAt) throw new AppError('email-link-invalid');
    if (link.expiresAt.getTime() <= Date.now()) throw new AppError('email-link-expired');
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email), isNull(users.emailVerifiedAt)));
    // Every link sent to the account ends here, this one with it.
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.userId, link.userId), isNull(emailVerifications.usedAt)));
    return { status: 'verified' };
  });
}
