import type { PaymentIssue } from '#shared/admin/payouts.schema.ts';
import { company } from '#shared/company.ts';
import { complaintWindowHours } from '#shared/complaint-window.ts';
import { finnishDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { receiptLines, serviceFeePercent, serviceFeeVat, serviceFeeVatRateText } from '#shared/pricing.ts';
import type { Executor } from '../../db/client.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { mailEventLine, renderMail } from '../../platform/mail/templates.ts';
import { findMailContact } from '../accounts/accounts.service.ts';

// The mails a purchase sends, queued in the transaction of the change they report.

/** Where a receipt points and whose it is. */
export interface ReceiptSite {
  publicUrl: string;
  businessId: string;
}

export interface SoldListing {
  id: string;
  eventName: string;
  eventDate: Date;
  eventVenue: string;
  location: string;
  ticketCount: number;
}

/** The sale a receipt is for: its id, its time and its frozen amounts. */
export interface ReceiptSale {
  id: string;
  purchaseDate: Date;
  pricePaidCents: number;
  serviceFeeCents: number;
  sellerReceivableCents: number;
}

/**
 * The receipt's lines (docs/decisions/032): who sells what, the ticket price without VAT from us,
 * our fee with its VAT broken out, the total, and the order's id and time.
 */
function receiptParagraphs(listing: SoldListing, sale: ReceiptSale, businessId: string): string[] {
  const lines = receiptLines(sale);
  return [
    [
      `Tilausnumero: ${sale.id}`,
      `Ostopäivä: ${finnishDateTime(sale.purchaseDate)}`,
      `Palvelun tarjoaja: ${company.name}, Y-tunnus ${businessId}, ${company.streetAddress}, ${company.postalAddress}`,
    ].join('\n'),
    [
      `Liput (${listing.ticketCount} kpl), yksityisen myyjän hinta: ${formatEuros(lines.ticketPriceCents)} (ei arvonlisäveroa)`,
      `Palvelumaksu ${serviceFeePercent} %, sis. alv ${serviceFeeVatRateText}: ${formatEuros(lines.buyerFeeCents)}`,
      `  josta veroton osuus ${formatEuros(lines.buyerFeeNetCents)} ja alv ${serviceFeeVatRateText} ${formatEuros(lines.buyerFeeVatCents)}`,
      `Yhteensä maksettu: ${formatEuros(lines.totalCents)}`,
    ].join('\n'),
    `${company.name} myy palvelumaksun kattaman välityspalvelun. Lipun myy sen yksityinen myyjä, joten lipun hintaan ei sisälly arvonlisäveroa.`,
  ];
}

/** The buyer's receipt, with the way to the ticket. */
export async function queueReceipt(
  executor: Executor,
  { publicUrl, businessId }: ReceiptSite,
  buyerId: string,
  listing: SoldListing,
  sale: ReceiptSale,
): Promise<void> {
  const buyer = await findMailContact(executor, buyerId);
  if (!buyer) return;
  await enqueueMail(executor, {
    to: buyer.email,
    toUserId: buyer.userId,
    subject: `Kuitti: ${listing.eventName}`,
    ...renderMail({
      heading: 'Kiitos ostoksestasi!',
      paragraphs: [
        mailEventLine(listing),
        ...receiptParagraphs(listing, sale, businessId),
        `Lipun tunnus: ${listing.id}`,
        `Lippu on ladattavissa profiilistasi kohdasta Ostetut liput. Jos lipun kanssa on ongelmia, ilmoita siitä meille ${complaintWindowHours} tunnin kuluessa tapahtuman alkamisesta.`,
      ],
      action: { label: 'Lataa lippu', url: `${publicUrl}/liput/${listing.id}` },
    }),
  });
}

/** The seller's notice that the ticket sold, and when the money comes. */
export async function queueSaleNotice(
  executor: Executor,
  publicUrl: string,
  sellerId: string,
  listing: SoldListing,
  sale: Pick<ReceiptSale, 'serviceFeeCents' | 'sellerReceivableCents'>,
): Promise<void> {
  const seller = await findMailContact(executor, sellerId);
  if (!seller) return;
  const feeVat = serviceFeeVat(sale.serviceFeeCents);
  await enqueueMail(executor, {
    to: seller.email,
    toUserId: seller.userId,
    subject: `Lippusi myytiin: ${listing.eventName}`,
    ...renderMail({
      heading: 'Lippusi on myyty!',
      paragraphs: [
        mailEventLine(listing),
        `Sinulle maksetaan ${formatEuros(sale.sellerReceivableCents)} (myyntihinta vähennettynä 3 % palvelumaksulla).`,
        `Palvelumaksusi ${formatEuros(sale.serviceFeeCents)} sisältää arvonlisäveroa ${serviceFeeVatRateText} ${formatEuros(feeVat.vatCents)} (veroton osuus ${formatEuros(feeVat.netCents)}).`,
        'Maksu tehdään IBAN-tilillesi 2–3 arkipäivän kuluttua tapahtumasta, jos ostaja ei ole tehnyt reklamaatiota.',
      ],
      action: { label: 'Näytä myyntisi', url: `${publicUrl}/profiili?tab=1` },
    }),
  });
}

/** When refunded money shows on the buyer's account, as every refund mail says it. */
const refundArrives = 'Palautus näkyy tililläsi yleensä 5–10 pankkipäivän kuluessa.';

/** A mail to the buyer that the payment went back: "Maksusi on palautettu", with why and where next. */
async function queueBuyerRefundMail(
  executor: Executor,
  buyerId: string,
  listing: SoldListing,
  paragraphs: string[],
  action: { label: string; url: string },
): Promise<void> {
  const buyer = await findMailContact(executor, buyerId);
  if (!buyer) return;
  await enqueueMail(executor, {
    to: buyer.email,
    toUserId: buyer.userId,
    subject: `Maksusi on palautettu: ${listing.eventName}`,
    ...renderMail({
      heading: 'Maksusi on palautettu',
      paragraphs: [mailEventLine(listing), ...paragraphs],
      action,
    }),
  });
}

/** The buyer paid after someone else bought the ticket: the money went back. */
export async function queueRefundNotice(
  executor: Executor,
  publicUrl: string,
  buyerId: string,
  listing: SoldListing,
  amountCents: number,
): Promise<void> {
  await queueBuyerRefundMail(
    executor,
    buyerId,
    listing,
    [
      `Maksusi vahvistui vasta, kun lippu oli jo ehditty myydä toiselle ostajalle. Palautimme koko summan ${formatEuros(amountCents)} maksutavallesi; palautus näkyy tililläsi yleensä 5–10 pankkipäivän kuluessa.`,
      'Pahoittelemme tapahtunutta. Katso, onko samaan tapahtumaan muita lippuja myynnissä.',
    ],
    { label: 'Selaa lippuja', url: `${publicUrl}/` },
  );
}

/**
 * The provider confirmed a refund we asked for (a cancelled event, an upheld complaint): only now
 * is the buyer told the money is on its way to the card. The decision's own mail said it was
 * under way; the seller was told with it.
 */
export async function queueRefundConfirmed(
  executor: Executor,
  publicUrl: string,
  buyerId: string,
  listing: SoldListing,
  amountCents: number,
): Promise<void> {
  await queueBuyerRefundMail(
    executor,
    buyerId,
    listing,
    [
      `Maksunvälittäjä on vahvistanut palautuksen: ${formatEuros(amountCents)} palautettiin samalle kortille, jolla maksoit. ${refundArrives}`,
    ],
    { label: 'Ostetut liput', url: `${publicUrl}/profiili` },
  );
}

/** What the seller and the buyer are told of each refund or dispute at the provider. */
const paymentIssueMails: Record<PaymentIssue, { seller: string; buyer: string | null }> = {
  refunded: {
    seller:
      'Ostajan maksu on palautettu kokonaan maksunvälittäjän kautta, joten tästä myynnistä ei makseta sinulle tilitystä.',
    buyer: `Maksusi on palautettu kokonaan. ${refundArrives}`,
  },
  partially_refunded: {
    seller:
      'Osa ostajan maksusta on palautettu maksunvälittäjän kautta. Tilityksesi on pidätetty, kunnes asiakaspalvelumme on selvittänyt asian; otamme sinuun yhteyttä.',
    buyer: `Osa maksustasi on palautettu. ${refundArrives}`,
  },
  disputed: {
    seller:
      'Ostaja on kiistänyt maksun pankissaan. Tilityksesi on pidätetty, kunnes kiista on ratkaistu; otamme sinuun yhteyttä, jos tarvitsemme sinulta tietoja.',
    buyer:
      'Pankkisi on ilmoittanut meille maksun kiistämisestä. Selvitämme asian pankkisi kanssa; voit myös ottaa yhteyttä asiakaspalveluumme.',
  },
  dispute_lost: {
    seller:
      'Ostajan pankki ratkaisi maksukiistan ostajan hyväksi ja maksu palautettiin ostajalle, joten tästä myynnistä ei makseta sinulle tilitystä.',
    buyer: 'Pankkisi ratkaisi maksukiistan hyväksesi, ja maksu on palautettu sinulle.',
  },
  dispute_won: {
    seller: 'Maksukiista on ratkaistu, ja tilityksesi maksetaan tavalliseen tapaan tapahtuman jälkeen.',
    buyer: null,
  },
};

/** Tells the seller (and the buyer, where it concerns them) what a refund or dispute did. */
export async function queuePaymentIssueNotices(
  executor: Executor,
  publicUrl: string,
  sale: { buyerId: string; sellerId: string; pricePaidCents: number },
  listing: SoldListing,
  issue: PaymentIssue,
): Promise<void> {
  const text = paymentIssueMails[issue];
  const seller = await findMailContact(executor, sale.sellerId);
  if (seller)
    await enqueueMail(executor, {
      to: seller.email,
      toUserId: seller.userId,
      subject: `Myyntisi tilitys: ${listing.eventName}`,
      ...renderMail({
        heading: 'Myyntisi tilitykseen tuli muutos',
        paragraphs: [mailEventLine(listing), text.seller],
        action: { label: 'Näytä myyntisi', url: `${publicUrl}/profiili?tab=1` },
      }),
    });
  const buyer = text.buyer ? await findMailContact(executor, sale.buyerId) : undefined;
  if (buyer && text.buyer)
    await enqueueMail(executor, {
      to: buyer.email,
      toUserId: buyer.userId,
      subject: `Maksusi: ${listing.eventName}`,
      ...renderMail({
        heading: 'Maksuusi tuli muutos',
        paragraphs: [mailEventLine(listing), `Maksoit ${formatEuros(sale.pricePaidCents)}.`, text.buyer],
        action: { label: 'Ostetut liput', url: `${publicUrl}/profiili` },
      }),
    });
}
