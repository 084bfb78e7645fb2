import { formatEuros } from '#shared/money.ts';
import { type PriceSummary, serviceFeePercent } from '#shared/pricing.ts';

/** The words of a price: the breakdown, the headline and the discount badge (one wording everywhere). */
export const pricesText = {
  breakdownLabel: 'Hinnan erittely',
  ticketPrice: (ticketCount: number) => (ticketCount > 1 ? `Liput (${ticketCount} kpl)` : 'Lipun hinta'),
  // Our fee carries VAT (docs/decisions/032); the seller's ticket price none from us.
  serviceFee: `Palvelumaksu ${serviceFeePercent} % (sis. alv)`,
  buyerTotal: 'Yhteensä (sis. alv)',
  faceValue: 'Alkuperäinen hinta kuluineen',
  // The seller's side
  buyerPays: 'Ostaja maksaa',
  buyerServiceFee: `Ostajan palvelumaksu ${serviceFeePercent} %`,
  sellerPrice: 'Myyntihintasi',
  sellerServiceFee: `Palvelumaksusi ${serviceFeePercent} % (sis. alv)`,
  sellerReceivable: 'Sinulle tilitetään',
  minus: (cents: number) => `\u2212\u00a0${formatEuros(cents)}`,
  // Headline and card
  total: 'yhteensä',
  ticketCount: (n: number) => (n === 1 ? '1 lippu' : `${n} lippua`),
  perTicket: (cents: number) => `${formatEuros(cents)}/kpl`,
  /** Beside the total: the fee in euros, so total − fee = the ticket's price is there to see. */
  includesFee: (feeCents: number) => `sis. palvelumaksun ${formatEuros(feeCents)}`,
  /**
   * The ticket's own price against its face value, apart from the total (decision 031). A seller
   * never asks more than face value (the server refuses it): at it or under.
   */
  faceValueLine: (prices: PriceSummary) =>
    `${prices.ticketCount > 1 ? 'Liput' : 'Lippu'} ${prices.ticketPriceCents < prices.faceValueCents ? 'alle alkuperäisen hinnan' : 'alkuperäiseen hintaan'} ${formatEuros(prices.faceValueCents)}`,
  buyBar: 'Hinta ja osto',
  belowFaceValue: (percent: number) => `\u2212${percent} % alkuperäisestä`,
} as const;
