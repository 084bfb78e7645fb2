import { asc, eq, sql } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { Executor } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/index.ts';

/** The newsletter subscription and the contact form messages sent from this address. */
export async function contactPersonalData(
  executor: Executor,
  email: string,
): Promise<Pick<PersonalDataExport, 'newsletter' | 'contactMessages'>> {
  const address = email.toLowerCase();
  const [subscription] = await executor
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address));
  const messages = await executor
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${address}`)
    .orderBy(asc(contactMessages.createdAt));
  return {
    newsletter: subscription
      ? { email: subscription.email, subscribedAt: subscription.subscribedAt.toISOString() }
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
