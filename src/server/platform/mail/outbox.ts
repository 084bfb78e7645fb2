import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export interface OutgoingMail {
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** Tells the outbox worker that a commit just queued mail, so it sends it now, not at its next poll. */
export type MailQueued = () => void;

/** Queues a mail. Pass the transaction of the change that caused it, so both land or neither. */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  await executor.insert(outbox).values({
    toAddress: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
  });
}

/** Sends one mail; throws on failure. Implemented by nodemailer's SMTP transport. */
export type MailSender = (mail: OutgoingMail) => Promise<void>;

export const maxDeliveryAttempts = 10;
const lockSeconds = 60;

/** Wait before the next try after `attempts` failures: 30 s, 1 min, 2 min, … up to 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Delivers due outbox rows. Rows are claimed with a lock deadline in one conditional UPDATE
 * (FOR UPDATE SKIP LOCKED), so several app processes never send the same mail twice.
 */
export async function deliverDueMail(db: Db, send: MailSender, batchSize = 20): Promise<number> {
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
      });
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = row.attempts >= maxDeliveryAttempts;
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
          failedAt: exhausted ? sql`now()` : null,
        })
        .where(eq(outbox.id, row.id));
    }
  }
  return claimed.length;
}
