import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ContactMessage, NewsletterConfirmResponse } from '#shared/contact/contact.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { contactMessages, newsletterConsentEvents, newsletterSubscribers } from '../../db/schema/index.ts';
import { enqueueMail, type MailQueued, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { type MailContent, renderMail } from '../../platform/mail/templates.ts';

/**
 * Stores the message and queues it to customer support in one transaction. A signed-in sender's
 * message is kept as their account's, whatever address they typed (docs/decisions/037).
 */
export async function sendContactMessage(
  db: Db,
  mailQueued: MailQueued,
  supportEmail: string,
  input: ContactMessage,
  { senderUserId }: { senderUserId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ ...input, userId: senderUserId });
    const mail = renderMail({
      heading: `Yhteydenotto: ${input.subject}`,
      paragraphs: [`Lähettäjä: ${input.name} <${input.email}>`, input.message],
    });
    await enqueueMail(tx, {
      to: supportEmail,
      replyTo: input.email,
      subject: `[Yhteydenotto] ${input.subject}`,
      ...mail,
    });
  });
  mailQueued();
}

// The newsletter with double opt-in (docs/decisions/033): a sign-up is only a request until the
// address's owner confirms it from the mail; every newsletter mail carries a way out; each change
// of mind is logged with its time and nothing is deleted.

/** How long a confirmation link works. */
const confirmLinkDays = 7;
/** Confirmation mails one address may get in 24 hours, however many sign-ups name it. */
const confirmMailsPerDay = 3;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page that unsubscribes with a POST (its GET only shows the button), per RFC 8058. */
const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/uutiskirje/peru?token=${encodeURIComponent(token)}`;

/**
 * A mail to a newsletter address: the unsubscribe link at its foot, and the List-Unsubscribe
 * headers with which a mail program offers a one-click unsubscribe (a POST to the same page).
 */
export function newsletterMail(
  publicUrl: string,
  subscriber: { email: string; unsubscribeToken: string },
  subject: string,
  content: MailContent,
): OutgoingMail {
  const url = unsubscribeUrl(publicUrl, subscriber.unsubscribeToken);
  return {
    to: subscriber.email,
    subject,
    ...renderMail({ ...content, unsubscribeUrl: url }),
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

async function logConsent(
  executor: Executor,
  subscriberId: string,
  event: 'requested' | 'confirmed' | 'unsubscribed',
): Promise<void> {
  await executor.insert(newsletterConsentEvents).values({ subscriberId, event });
}

/**
 * A sign-up: the address becomes a pending request with a new single-use confirmation link, mailed
 * to it. The answer is the same whatever happens, so it tells nobody whether an address is
 * subscribed: a confirmed address is left as it is and gets no mail, and past the daily cap of
 * confirmation mails the request is quietly dropped (nobody can flood an inbox with them).
 */
export async function subscribeToNewsletter(
  db: Db,
  mailQueued: MailQueued,
  publicUrl: string,
  address: string,
): Promise<void> {
  const email = address.toLowerCase();
  const queued = await db.transaction(async (tx) => {
    await tx.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for('update');
    if (!row || row.status === 'confirmed') return false;
    const now = Date.now();
    const windowOpen =
      row.confirmMailsWindowStart !== null && now - row.confirmMailsWindowStart.getTime() < 86_400_000;
    const sent = windowOpen ? row.confirmMailsSent : 0;
    if (sent >= confirmMailsPerDay) return false;

    const token = randomBytes(32).toString('base64url');
    await tx
      .update(newsletterSubscribers)
      .set({
        status: 'pending',
        subscribedAt: sql`now()`,
        confirmedAt: null,
        unsubscribedAt: null,
        confirmTokenHash: hashToken(token),
        confirmTokenExpiresAt: sql`now() + make_interval(days => ${confirmLinkDays})`,
        confirmMailsSent: sent + 1,
        confirmMailsWindowStart: windowOpen ? row.confirmMailsWindowStart : sql`now()`,
      })
      .where(eq(newsletterSubscribers.id, row.id));
    await logConsent(tx, row.id, 'requested');
    await enqueueMail(
      tx,
      newsletterMail(publicUrl, row, 'Vahvista uutiskirjeen tilaus', {
        heading: 'Vahvista uutiskirjeen tilaus',
        paragraphs: [
          'Tämä sähköpostiosoite annettiin Lipputorin uutiskirjeen tilaajaksi. Kerromme uutiskirjeessä viikoittain tulevista tapahtumista ja parhaista lipputarjouksista.',
          `Vahvista tilaus alla olevasta linkistä. Linkki on voimassa ${confirmLinkDays} päivää.`,
          'Jos et tilannut uutiskirjettä, voit jättää tämän viestin huomiotta: ilman vahvistusta emme lähetä sinulle uutiskirjettä.',
        ],
        action: {
          label: 'Vahvista tilaus',
          url: `${publicUrl}/uutiskirje/vahvista?token=${encodeURIComponent(token)}`,
        },
      }),
    );
    return true;
  });
  if (queued) mailQueued();
}

/**
 * The confirmation link, opened and confirmed: the consent is confirmed and its time kept. The
 * same link again answers that it already is; an unknown, replaced or expired link is refused.
 */
export async function confirmNewsletter(db: Db, token: string): Promise<NewsletterConfirmResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)))
      .for('update');
    if (!row || row.status === 'unsubscribed') throw new AppError('newsletter-link-invalid');
    if (row.status === 'confirmed') return { status: 'already-confirmed' };
    if (!row.confirmTokenExpiresAt || row.confirmTokenExpiresAt.getTime() <= Date.now())
      throw new AppError('newsletter-link-expired');
    await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: sql`now()` })
      .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, 'pending')));
    await logConsent(tx, row.id, 'confirmed');
    return { status: 'confirmed' };
  });
}

/**
 * Unsubscribes the address of an unsubscribe link, keeping the row and logging the time; its
 * confirmation link stops working. Again for an address already out is a no-op.
 */
export async function unsubscribeFromNewsletter(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .for('update');
    if (!row) throw new AppError('unsubscribe-link-invalid');
    if (row.status === 'unsubscribed') return;
    await tx
      .update(newsletterSubscribers)
      .set({
        status: 'unsubscribed',
        unsubscribedAt: sql`now()`,
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
      })
      .where(eq(newsletterSubscribers.id, row.id));
    await logConsent(tx, row.id, 'unsubscribed');
  });
}
