import { describe, expect, it } from 'vitest';
import { isValidBusinessId } from './business-id.ts';

describe('isValidBusinessId', () => {
  it('accepts business IDs whose check digit is right', () => {
    // 0112038-9: sum 57, remainder 2, check 9. 1234567-1 is the default (sum 153, remainder 10).
    // 0000000-0 has remainder 0, so check digit 0.
    for (const id of ['0112038-9', '0737546-2', '1234567-1', '0000000-0']) {
      expect(isValidBusinessId(id), id).toBe(true);
    }
  });

  it('refuses a wrong check digit, including the old default', () => {
    for (const id of ['1234567-8', '1234567-0', '0112038-8', '0737546-3']) {
      expect(isValidBusinessId(id), id).toBe(false);
    }
  });

  it('refuses digits whose remainder is 1: no check digit exists for them', () => {
    // 1000000: 7 × 1 = 7, remainder 7 → check 4; 0000006: 2 × 6 = 12, remainder 1 → never issued.
    expect(isValidBusinessId('1000000-4')).toBe(true);
    for (let check = 0; check <= 9; check += 1) {
      expect(isValidBusinessId(`0000006-${check}`)).toBe(false);
    }
  });

  it('refuses anything but seven digits, a hyphen and one digit', () => {
    for (const id of [
      '',
      '123',
      '12345671',
      '1234567 1',
      ' 1234567-1',
      '1234567-1 ',
      'FI12345671',
      '١٢٣٤٥٦٧-١',
    ]) {
      expect(isValidBusinessId(id), id).toBe(false);
    }
  });
});
