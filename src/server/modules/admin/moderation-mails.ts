import type { Executor } from '../../db/client.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { mailEventLine, renderMail } from '../../platform/mail/templates.ts';
import { findMailContact } from '../accounts/accounts.service.ts';

// The seller's mails after a review (spec 02 §4 "Admin approval", "Admin rejection"), queued in
// the transaction of the decision: both land or neither.

export interface ModeratedListing {
  id: string;
  sellerId: string;
  eventName: string;
  eventDate: Date;
  eventVenue: string;
  location: string;
}

/** sendTicketApprovalEmail: the ticket is on sale, with the way to its page. */
export async function queueApprovalMail(
  executor: Executor,
  publicUrl: string,
  listing: ModeratedListing,
): Promise<void> {
  const seller = await findMailContact(executor, listing.sellerId);
  if (!seller) return;
  await enqueueMail(executor, {
    to: seller.email,
    toUserId: seller.userId,
    subject: `Lippusi on hyväksytty myyntiin: ${listing.eventName}`,
    ...renderMail({
      heading: 'Lippusi on nyt myynnissä!',
      paragraphs: [
        mailEventLine(listing),
        'Tarkistimme ilmoituksesi, ja lippu näkyy nyt ostajille Lipputorissa.',
        'Saat sähköpostia, kun lippu myydään. Voit muokata hintaa tai poistaa lipun myynnistä profiilisi kohdassa Myynnissä olevat.',
      ],
      action: { label: 'Näytä lippu', url: `${publicUrl}/liput/${listing.id}` },
    }),
  });
}

/** sendTicketRejectionEmail: the ticket was not accepted, and why. */
export async function queueRejectionMail(
  executor: Executor,
  publicUrl: string,
  listing: ModeratedListing,
  reason: string,
): Promise<void> {
  const seller = await findMailContact(executor, listing.sellerId);
  if (!seller) return;
  await enqueueMail(executor, {
    to: seller.email,
    toUserId: seller.userId,
    subject: `Lippuasi ei hyväksytty myyntiin: ${listing.eventName}`,
    ...renderMail({
      heading: 'Lippuasi ei hyväksytty myyntiin',
      paragraphs: [
        mailEventLine(listing),
        `Syy: ${reason}`,
        'Voit korjata tiedot ja asettaa lipun uudelleen myyntiin. Jos sinulla on kysyttävää, ota yhteyttä asiakaspalveluumme.',
      ],
      action: { label: 'Myy lippu', url: `${publicUrl}/myy-lippu` },
    }),
  });
}
