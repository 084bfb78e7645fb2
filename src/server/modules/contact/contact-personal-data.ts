import { asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { Executor } from '../../db/client.ts';
import type { DataOwner } from '../../db/data-owner.ts';
import { contactMessages, newsletterConsentEvents, newsletterSubscribers } from '../../db/schema/index.ts';

// A person's contact messages and newsletter consent. Both are kept by the address typed in, which
// anybody can type: they are matched to an account by its address only once the account has proved
// the address is its own (docs/decisions/037). A message sent while signed in is the account's.

function messagesOf(owner: DataOwner): SQL {
  const sentSignedIn = eq(contactMessages.userId, owner.userId);
  if (!owner.verifiedAddress) return sentSignedIn;
  return (
    or(sentSignedIn, sql`lower(${contactMessages.email}) = ${owner.verifiedAddress.toLowerCase()}`) ??
    sentSignedIn
  );
}

async function subscriptionOf(executor: Executor, owner: DataOwner) {
  if (!owner.verifiedAddress) return undefined;
  const [subscription] = await executor
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, owner.verifiedAddress.toLowerCase()));
  return subscription;
}

/** The newsletter subscription with its consent history, and the person's contact form messages. */
export async function contactPersonalData(
  executor: Executor,
  owner: DataOwner,
): Promise<Pick<PersonalDataExport, 'newsletter' | 'contactMessages'>> {
  const subscription = await subscriptionOf(executor, owner);
  const history = subscription
    ? await executor
        .select()
        .from(newsletterConsentEvents)
        .where(eq(newsletterConsentEvents.subscriberId, subscription.id))
        .orderBy(asc(newsletterConsentEvents.at), asc(newsletterConsentEvents.id))
    : [];
  const messages = await executor
    .select()
    .from(contactMessages)
    .where(messagesOf(owner))
    .orderBy(asc(contactMessages.createdAt));
  return {
    // Not the links' tokens: the confirmation's is only in its mail, the unsubscribe one works alone.
    newsletter: subscription
      ? {
          email: subscription.email,
          status: subscription.status,
          subscribedAt: subscription.subscribedAt.toISOString(),
          confirmedAt: subscription.confirmedAt?.toISOString() ?? null,
          unsubscribedAt: subscription.unsubscribedAt?.toISOString() ?? null,
          consentHistory: history.map((entry) => ({ event: entry.event, at: entry.at.toISOString() })),
        }
      : null,
    contactMessages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      sentAt: message.createdAt.toISOString(),
    })),
  };
}

/**
 * A deleted account's contact messages and newsletter consent are deleted: neither is a record the
 * law asks us to keep, and a consent log outlives its purpose once nothing is sent to the address.
 */
export async function forgetContactDataOf(executor: Executor, owner: DataOwner): Promise<void> {
  await executor.delete(contactMessages).where(messagesOf(owner));
  const subscription = await subscriptionOf(executor, owner);
  if (!subscription) return;
  await executor
    .delete(newsletterConsentEvents)
    .where(eq(newsletterConsentEvents.subscriberId, subscription.id));
  await executor.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscription.id));
}
