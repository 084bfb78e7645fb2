import { asc, eq, sql } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { Executor } from '../../db/client.ts';
import { contactMessages, newsletterConsentEvents, newsletterSubscribers } from '../../db/schema/index.ts';

/** The newsletter subscription with its consent history, and the contact form messages sent from this address. */
export async function contactPersonalData(
  executor: Executor,
  email: string,
): Promise<Pick<PersonalDataExport, 'newsletter' | 'contactMessages'>> {
  const address = email.toLowerCase();
  const [subscription] = await executor
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address));
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
    .where(sql`lower(${contactMessages.email}) = ${address}`)
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
