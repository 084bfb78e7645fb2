import { and, asc, count, eq, inArray, isNull, lt, lte, min, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { DataOwner } from '../../db/data-owner.ts';
import { outbox } from '../../db/schema/index.ts';

export interface OutgoingMail {
  to: string;
  /** The account `to` belongs to, when the mail goes to one: its data export and deletion find the mail by it. */
  toUserId?: string | undefined;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | undefined;
}

/** Tells the outbox worker that a commit just queued mail, so it sends it now, not at its next poll. */
export type MailQueued = () => void;

/** Queues a mail. Pass the transaction of the change that caused it, so both land or neither. */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  await executor.insert(outbox).values({
    toAddress: mail.to,
    toUserId: mail.toUserId ?? null,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    headers: mail.headers ?? null,
  });
}

/** The mails sent to the person: to the account, or to its address once verified. */
function sentTo(owner: DataOwner): SQL {
  const toAccount = eq(outbox.toUserId, owner.userId);
  if (!owner.verifiedAddress) return toAccount;
  return or(toAccount, sql`lower(${outbox.toAddress}) = ${owner.verifiedAddress.toLowerCase()}`) ?? toAccount;
}

/**
 * The mails sent to a person, oldest first: subject and times only, as their bodies may carry
 * single-use links (a password reset's) that must not outlive the mail.
 */
export async function mailsTo(
  executor: Executor,
  owner: DataOwner,
): Promise<{ subject: string; queuedAt: Date; sentAt: Date | null }[]> {
  return executor
    .select({ subject: outbox.subject, queuedAt: outbox.createdAt, sentAt: outbox.sentAt })
    .from(outbox)
    .where(sentTo(owner))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/**
 * Forgets a deleted account's mails: those sent to it, and, when its address was verified, the
 * copies of its contact messages to customer support, which answer to that address. The outbox is
 * a delivery queue, not a record anyone must keep (the sales themselves are kept).
 */
export async function forgetMailsOf(executor: Executor, owner: DataOwner): Promise<void> {
  const copiesOfItsMessages = owner.verifiedAddress
    ? sql`lower(${outbox.replyTo}) = ${owner.verifiedAddress.toLowerCase()}`
    : undefined;
  await executor.delete(outbox).where(or(sentTo(owner), copiesOfItsMessages));
}

/** Sends one mail; throws on failure. Implemented by nodemailer's SMTP transport. */
export type MailSender = (mail: OutgoingMail) => Promise<void>;

export const maxDeliveryAttempts = 10;
const lockSeconds = 60;

/** Wait before the next try after `attempts` failures: 30 s, 1 min, 2 min, … up to 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** How a delivery attempt ended: sent, refused for good by the SMTP server (5xx), or failed for now. */
export type MailOutcome = 'sent' | 'refused' | 'failed';

/** Where delivery outcomes go: each failure to the log with its reason, every outcome to the metrics. */
export interface DeliveryReport {
  log: FastifyBaseLogger;
  count(outcome: MailOutcome): void;
}

interface SmtpFailure {
  responseCode?: unknown;
  command?: unknown;
  response?: unknown;
}

/**
 * A 5xx reply to RCPT TO or DATA is the server's final word on this recipient or message: trying
 * again changes nothing. A 5xx elsewhere (login, sender address) is our configuration, which can
 * be fixed, so that mail waits and is tried again.
 */
function refusedForGood(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as SmtpFailure;
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === 'RCPT TO' || command === 'DATA')
  );
}

// SMTP servers echo the recipient in their replies; the log keeps only the domain.
const emailAddress = /[^\s<>"'(),;:@]+@([A-Za-z0-9.-]+)/g;

/** The failure's reason for the log: the SMTP reply or the error's message, without addresses. */
export function redactedReason(error: unknown): string {
  const { response } = (error ?? {}) as SmtpFailure;
  const text =
    typeof response === 'string' ? response : error instanceof Error ? error.message : String(error);
  return text.replace(emailAddress, '…@$1').slice(0, 500);
}

/** Mail still to be sent and how long the oldest of it has waited (the metrics read this). */
export async function outboxBacklog(db: Db): Promise<{ count: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({ count: count(), oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt)));
  const oldest = row?.oldest ? new Date(row.oldest) : undefined;
  return {
    count: row?.count ?? 0,
    oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
  };
}

/**
 * Delivers due outbox rows. Rows are claimed with a lock deadline in one conditional UPDATE
 * (FOR UPDATE SKIP LOCKED), so several app processes never send the same mail twice.
 */
export async function deliverDueMail(
  db: Db,
  send: MailSender,
  report?: DeliveryReport,
  batchSize = 20,
): Promise<number> {
  const claimed = await db
    .update(outbox)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(
      inArray(
        outbox.id,
        db
          .select({ id: outbox.id })
          .from(outbox)
          .where(
            and(
              isNull(outbox.sentAt),
              isNull(outbox.failedAt),
              lte(outbox.nextAttemptAt, sql`now()`),
              or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
            ),
          )
          .orderBy(asc(outbox.id))
          .limit(batchSize)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();

  for (const row of claimed) {
    try {
      await send({
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        headers: row.headers ?? undefined,
      });
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(outbox.id, row.id));
      report?.count('sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = refusedForGood(error);
      const exhausted = refused || row.attempts >= maxDeliveryAttempts;
      const retryInSeconds = retryDelaySeconds(row.attempts);
      if (report) {
        const fields = {
          outboxId: row.id,
          recipientDomain: row.toAddress.split('@').pop(),
          attempt: row.attempts,
          reason: redactedReason(error),
        };
        if (refused) report.log.error(fields, 'mail refused by the SMTP server; not retried');
        else if (exhausted)
          report.log.error(fields, `mail not delivered after ${row.attempts} attempts; giving up`);
        else report.log.warn({ ...fields, retryInSeconds }, 'mail delivery failed; will retry');
        report.count(refused ? 'refused' : 'failed');
      }
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          failedAt: exhausted ? sql`now()` : null,
        })
        .where(eq(outbox.id, row.id));
    }
  }
  return claimed.length;
}
