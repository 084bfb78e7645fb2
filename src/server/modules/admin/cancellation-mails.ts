import { formatEuros } from '#shared/money.ts';
import type { Executor } from '../../db/client.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { mailEventLine, renderMail } from '../../platform/mail/templates.ts';
import { findMailContact } from '../accounts/accounts.service.ts';
import type { Listing } from '../listings/listings.service.ts';

// The mails of a cancelled event, queued in the transaction that handled the listing: the refund
// or the withdrawal and its mails land together or not at all.

/**
 * A sold ticket: the buyer's refund is under way (told again when the provider confirms it), the
 * seller is not paid and pays no fee.
 */
export async function queueCancelledSaleMails(
  executor: Executor,
  publicUrl: string,
  listing: Listing,
  sale: { buyerId: string; pricePaidCents: number },
  reason: string,
): Promise<void> {
  const buyer = await findMailContact(executor, sale.buyerId);
  if (buyer)
    await enqueueMail(executor, {
      to: buyer.email,
      toUserId: buyer.userId,
      subject: `Tapahtuma peruttu – maksusi palautus on käynnissä: ${listing.eventName}`,
      ...renderMail({
        heading: 'Tapahtuma on peruttu',
        paragraphs: [
          mailEventLine(listing),
          `Syy: ${reason}`,
          // Under way, not made: the provider may still refuse it. The buyer hears again when the
          // provider confirms it (purchases' refund-confirmed mail), and sees the state in the profile.
          `Olemme pyytäneet maksunvälittäjää palauttamaan koko maksusi, ${formatEuros(sale.pricePaidCents)} palvelumaksu mukaan lukien, samalle kortille, jolla maksoit. Palautus on käynnissä: saat vielä viestin, kun se on tehty. Voit seurata palautusta Ostetut liput -sivulla.`,
        ],
        action: { label: 'Ostetut liput', url: `${publicUrl}/profiili` },
      }),
    });
  const seller = await findMailContact(executor, listing.sellerId);
  if (seller)
    await enqueueMail(executor, {
      to: seller.email,
      toUserId: seller.userId,
      subject: `Tapahtuma peruttu: ${listing.eventName}`,
      ...renderMail({
        heading: 'Myymäsi lipun tapahtuma on peruttu',
        paragraphs: [
          mailEventLine(listing),
          `Syy: ${reason}`,
          'Palautamme ostajalle hänen maksunsa, joten myynnistä ei makseta tilitystä. Sinulta ei peritä palvelumaksua. Jos tilitys oli jo maksettu, otamme sinuun yhteyttä.',
        ],
        action: { label: 'Näytä myyntisi', url: `${publicUrl}/profiili?tab=1` },
      }),
    });
}

/** An unsold ticket: taken off sale. */
export async function queueWithdrawnListingMail(
  executor: Executor,
  publicUrl: string,
  listing: Listing,
  reason: string,
): Promise<void> {
  const seller = await findMailContact(executor, listing.sellerId);
  if (!seller) return;
  await enqueueMail(executor, {
    to: seller.email,
    toUserId: seller.userId,
    subject: `Tapahtuma peruttu – lippusi poistettiin myynnistä: ${listing.eventName}`,
    ...renderMail({
      heading: 'Lippusi poistettiin myynnistä',
      paragraphs: [
        mailEventLine(listing),
        `Syy: ${reason}`,
        'Tapahtuma on peruttu, joten poistimme ilmoituksesi myynnistä. Palautuksista ja hyvityksistä päättää tapahtuman järjestäjä: seuraa hänen ohjeitaan.',
      ],
      action: { label: 'Omat ilmoitukset', url: `${publicUrl}/profiili?tab=1` },
    }),
  });
}
