// What a buyer is told about their card and payment (spec 01 §8 "Purchase", success page).

/** Card errors: the spec's 'Korttisi hylättiin...' with the reason where the provider gives one. */
export function cardErrorMessage(code: string): string {
  return code === 'insufficient_funds'
    ? 'Korttisi hylättiin, koska kortilla ei ole riittävästi katetta.'
    : 'Korttisi hylättiin. Tarkista kortin tiedot tai käytä toista korttia.';
}

export const paymentLookupMessages = {
  notFound: 'Maksutietoja ei löytynyt.',
} as const;

/** For the payment provider's delivery log (it reads only the status). */
export const paymentEventMessages = {
  badSignature: 'Maksutapahtuman allekirjoitus ei kelpaa',
} as const;
