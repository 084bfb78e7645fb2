import { type ComplaintReason, complaintReasonLabels } from '#shared/complaints/complaints.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import type { Executor } from '../../db/client.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import { findMailContact } from '../accounts/accounts.service.ts';

// The mails of a complaint, queued in the transaction of the step they tell about: the complaint
// and its mails land together or not at all.

/** The sale a complaint is about, as its mails name it. */
export interface ComplaintMailSale {
  listingId: string;
  buyerId: string;
  sellerId: string;
  eventName: string;
  eventDate: Date;
  pricePaidCents: number;
}

const eventLine = (sale: ComplaintMailSale) => `${sale.eventName}, ${finnishDate(sale.eventDate)}`;
const complaintUrl = (publicUrl: string, sale: ComplaintMailSale) =>
  `${publicUrl}/liput/${sale.listingId}/reklamaatio`;

async function mailTo(
  executor: Executor,
  userId: string,
  subject: string,
  content: Parameters<typeof renderMail>[0],
): Promise<void> {
  const contact = await findMailContact(executor, userId);
  if (contact)
    await enqueueMail(executor, {
      to: contact.email,
      toUserId: contact.userId,
      subject,
      ...renderMail(content),
    });
}

/** Filed: the buyer is told it arrived, the seller what was claimed and that the payout waits. */
export async function queueComplaintFiledMails(
  executor: Executor,
  publicUrl: string,
  sale: ComplaintMailSale,
  complaint: { reason: ComplaintReason; description: string },
): Promise<void> {
  const action = { label: 'Näytä reklamaatio', url: complaintUrl(publicUrl, sale) };
  await mailTo(executor, sale.buyerId, `Reklamaatiosi on vastaanotettu: ${sale.eventName}`, {
    heading: 'Reklamaatiosi on vastaanotettu',
    paragraphs: [
      eventLine(sale),
      `Syy: ${complaintReasonLabels[complaint.reason]}`,
      'Pidätämme myyjän tilityksen, kunnes olemme käsitelleet reklamaation. Myyjä voi vastata siihen, ja asiakaspalvelumme ratkaisee sen arkipäivisin. Saat ratkaisusta sähköpostin.',
    ],
    action,
  });
  await mailTo(executor, sale.sellerId, `Ostaja teki reklamaation: ${sale.eventName}`, {
    heading: 'Myymästäsi lipusta on tehty reklamaatio',
    paragraphs: [
      eventLine(sale),
      `Syy: ${complaintReasonLabels[complaint.reason]}`,
      `Ostajan kuvaus: ${complaint.description}`,
      'Tilitys odottaa, kunnes reklamaatio on ratkaistu. Voit vastata reklamaatioon ja liittää omat todisteesi, esimerkiksi kuvan alkuperäisestä ostokuitista.',
    ],
    action: { label: 'Vastaa reklamaatioon', url: complaintUrl(publicUrl, sale) },
  });
}

/** The seller answered: the buyer is told. */
export async function queueComplaintAnsweredMail(
  executor: Executor,
  publicUrl: string,
  sale: ComplaintMailSale,
): Promise<void> {
  await mailTo(executor, sale.buyerId, `Myyjä vastasi reklamaatioosi: ${sale.eventName}`, {
    heading: 'Myyjä vastasi reklamaatioosi',
    paragraphs: [
      eventLine(sale),
      'Asiakaspalvelumme ratkaisee reklamaation, ja saat ratkaisusta sähköpostin.',
    ],
    action: { label: 'Näytä reklamaatio', url: complaintUrl(publicUrl, sale) },
  });
}

/** Upheld: the buyer gets all the money back, the seller is not paid. */
export async function queueComplaintRefundedMails(
  executor: Executor,
  publicUrl: string,
  sale: ComplaintMailSale,
  payoutWasPaid: boolean,
): Promise<void> {
  await mailTo(
    executor,
    sale.buyerId,
    `Reklamaatiosi hyväksyttiin – maksusi palautus on käynnissä: ${sale.eventName}`,
    {
      heading: 'Reklamaatiosi hyväksyttiin',
      paragraphs: [
        eventLine(sale),
        // Under way, not made: the provider may still refuse it; the buyer hears again when it is
        // confirmed (as with a cancelled event's refund).
        `Olemme pyytäneet maksunvälittäjää palauttamaan koko maksusi, ${formatEuros(sale.pricePaidCents)} palvelumaksu mukaan lukien, samalle kortille, jolla maksoit. Palautus on käynnissä: saat vielä viestin, kun se on tehty.`,
      ],
      action: { label: 'Näytä reklamaatio', url: complaintUrl(publicUrl, sale) },
    },
  );
  await mailTo(executor, sale.sellerId, `Reklamaatio hyväksyttiin: ${sale.eventName}`, {
    heading: 'Myymästäsi lipusta tehty reklamaatio hyväksyttiin',
    paragraphs: [
      eventLine(sale),
      payoutWasPaid
        ? 'Ostaja saa rahansa takaisin. Tilitys oli jo maksettu sinulle, joten otamme sinuun yhteyttä sen palauttamisesta.'
        : 'Ostaja saa rahansa takaisin, joten myynnistä ei makseta tilitystä.',
    ],
    action: { label: 'Näytä reklamaatio', url: complaintUrl(publicUrl, sale) },
  });
}

/** Rejected: both are told why; the seller that the payout goes ahead. */
export async function queueComplaintRejectedMails(
  executor: Executor,
  publicUrl: string,
  sale: ComplaintMailSale,
  reason: string,
): Promise<void> {
  await mailTo(executor, sale.buyerId, `Reklamaatiosi hylättiin: ${sale.eventName}`, {
    heading: 'Reklamaatiosi hylättiin',
    paragraphs: [
      eventLine(sale),
      `Perustelu: ${reason}`,
      'Jos olet eri mieltä, ota yhteyttä asiakaspalveluumme yhteydenottolomakkeella. Voit viedä asian myös kuluttajariitalautakunnan käsiteltäväksi.',
    ],
    action: { label: 'Näytä reklamaatio', url: complaintUrl(publicUrl, sale) },
  });
  await mailTo(executor, sale.sellerId, `Reklamaatio hylättiin – tilitys jatkuu: ${sale.eventName}`, {
    heading: 'Myymästäsi lipusta tehty reklamaatio hylättiin',
    paragraphs: [eventLine(sale), `Perustelu: ${reason}`, 'Tilityksesi maksetaan tavalliseen tapaan.'],
    action: { label: 'Näytä reklamaatio', url: complaintUrl(publicUrl, sale) },
  });
}
