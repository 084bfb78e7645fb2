import { describe, expect, it } from 'vitest';
import { editedSellingPriceIssue } from './seller-listing.schema.ts';

describe('editedSellingPriceIssue (spec 02 §8 "Edit page")', () => {
  it('says what is wrong with a price out of bounds, the same on both sides', () => {
    expect(editedSellingPriceIssue(100_001, 200_000)).toBe('Myyntihinta ei voi olla yli 1000€');
    expect(editedSellingPriceIssue(499, 5000)).toBe('Hinnan tulee olla vähintään 5 €');
    expect(editedSellingPriceIssue(5001, 5000)).toBe(
      'Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta',
    );
    expect(editedSellingPriceIssue(5000, 5000)).toBeUndefined();
    expect(editedSellingPriceIssue(500, 5000)).toBeUndefined();
  });
});
