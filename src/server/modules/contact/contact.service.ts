import type { ContactMessage } from '#shared/contact/contact.schema.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/index.ts';
import { enqueueMail, type MailQueued } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/templates.ts';

/** Stores the message and queues it to customer support in one transaction. */
export async function sendContactMessage(
  db: Db,
  mailQueued: MailQueued,
  supportEmail: string,
  input: ContactMessage,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(input);
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

/** Adds the address to the newsletter; an address already there is left as it was. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ email: email.toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
}
