import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages, passwordIssues } from './accounts.schema.ts';
import { formatIban, isValidFinnishIban, normalizeIban } from './iban.ts';

/** Builds a valid Finnish IBAN from 14 BBAN digits (ISO 13616 check digits). */
function finnishIban(bban: string): string {
  const numeric = `${bban}151800`; // F=15, I=18, check digits 00
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `FI${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const bban = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 14, maxLength: 14 });

describe('Finnish IBAN', () => {
  it('accepts every correctly check-summed number, in any spacing and case (property)', () => {
    fc.assert(
      fc.property(bban, fc.boolean(), (digits, lower) => {
        const iban = finnishIban(digits);
        expect(isValidFinnishIban(iban)).toBe(true);
        const typed = formatIban(iban);
        expect(isValidFinnishIban(lower ? typed.toLowerCase() : typed)).toBe(true);
        expect(normalizeIban(typed)).toBe(iban);
      }),
    );
  });

  it('rejects any single changed digit (property)', () => {
    fc.assert(
      fc.property(
        bban,
        fc.integer({ min: 2, max: 17 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, position, shift) => {
          const iban = finnishIban(digits);
          const changed = `${iban.slice(0, position)}${(Number(iban[position]) + shift) % 10}${iban.slice(position + 1)}`;
          expect(isValidFinnishIban(changed)).toBe(false);
        },
      ),
    );
  });

  it('rejects other countries and wrong lengths', () => {
    expect(isValidFinnishIban('FI2112345600000785')).toBe(true);
    expect(isValidFinnishIban('SE4550000000058398257466')).toBe(false);
    expect(isValidFinnishIban('FI211234560000078')).toBe(false);
    expect(isValidFinnishIban('FI21123456000007851')).toBe(false);
    expect(isValidFinnishIban('')).toBe(false);
  });
});

describe('password rules', () => {
  it('pass exactly when length, digit, upper and lower case are all there (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const expected =
          password.length >= 6 && /\d/.test(password) && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password);
        expect(passwordIssues(password, false).length === 0).toBe(expected);
      }),
    );
  });

  it('name each missing rule, and reset adds the special character', () => {
    expect(passwordIssues('abc', false)).toEqual([
      messages.passwordLength,
      messages.passwordDigit,
      messages.passwordUpper,
    ]);
    expect(passwordIssues('Äiti123', false)).toEqual([]);
    expect(passwordIssues('Äiti123', true)).toEqual([messages.passwordSpecial]);
    expect(passwordIssues('Äiti123!', true)).toEqual([]);
  });
});
