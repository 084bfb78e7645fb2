// The Finnish business ID (Y-tunnus): seven digits, a hyphen and a check digit. The check digit is
// what the Finnish Tax Administration defines: weights 7, 9, 10, 5, 8, 4, 2 over the digits, the
// sum modulo 11; remainder 0 gives 0, remainder 1 is never issued, otherwise 11 − remainder.

const weights = [7, 9, 10, 5, 8, 4, 2];

/** True when `value` is a business ID in the form 1234567-1 whose check digit is right. */
export function isValidBusinessId(value: string): boolean {
  const match = /^(\d{7})-(\d)$/.exec(value);
  if (!match) return false;
  const [, digits = '', check = ''] = match;
  const remainder = weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11;
  if (remainder === 1) return false;
  return Number(check) === (remainder === 0 ? 0 : 11 - remainder);
}
