import { describe, expect, it } from 'vitest';
import { isEditable } from '#shared/listings/listing-rules.ts';
import type { ListingStatusCode, SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { editFormSchema } from './edit-form-schema.ts';
import { blurredPriceText, editRequest, typedPriceCents } from './edit-price.ts';
import { groupListings } from './listing-groups.ts';

function listing(id: string, status: ListingStatusCode): SellerListing {
  return {
    id,
    status,
    eventName: `Tapahtuma ${id}`,
    eventImage: null,
    location: 'Helsinki',
    eventVenue: 'Areena',
    eventDate: '2027-05-01T16:00:00.000Z',
    eventTime: '19:00',
    eventEndDate: null,
    eventType: 'konsertti',
    ticketType: 'Peruslippu',
    ticketCount: 1,
    hasAssignedSeat: false,
    seatInfo: [],
    originalPriceCents: 5000,
    sellingPriceCents: 4500,
    additionalFeesCents: 0,
    serviceFeeCents: 135,
    listingPriceCents: 4635,
    sellerReceivableCents: 4365,
    additionalInfo: '',
    viewCount: 0,
    rejectionReason: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    soldAt: null,
    files: [],
  };
}

describe('groupListings (spec 02 §2: active, sold, ended)', () => {
  it('puts each status in its group and keeps the server’s order inside a group', () => {
    const all = [
      listing('a', 'listed'),
      listing('b', 'reserved'),
      listing('c', 'pending'),
      listing('d', 'sold'),
      listing('e', 'expired'),
      listing('f', 'removed'),
      listing('g', 'rejected'),
    ];
    const groups = groupListings(all);
    expect(groups.active.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(groups.sold.map((item) => item.id)).toEqual(['d']);
    expect(groups.ended.map((item) => item.id)).toEqual(['e', 'f', 'g']);
    expect(groupListings([])).toEqual({ active: [], sold: [], ended: [] });
  });

  it('lets only a listing on sale or under review change', () => {
    expect(isEditable('listed')).toBe(true);
    expect(isEditable('pending')).toBe(true);
    for (const status of ['reserved', 'sold', 'expired', 'removed', 'rejected'] as const)
      expect(isEditable(status)).toBe(false);
  });
});

describe('the edit page’s price field (spec 02 §5)', () => {
  it('gives a valid price two decimals on blur and clears anything else', () => {
    expect(blurredPriceText('12.5')).toBe('12,50');
    expect(blurredPriceText('40')).toBe('40,00');
    expect(blurredPriceText(' 7,05 ')).toBe('7,05');
    expect(blurredPriceText('1.2.3')).toBe('');
    expect(blurredPriceText('12.345')).toBe('');
    expect(blurredPriceText('.')).toBe('');
    expect(blurredPriceText('')).toBe('');
  });

  it('reads cents only from a price', () => {
    expect(typedPriceCents('12.5')).toBe(1250);
    expect(typedPriceCents('0,29')).toBe(29);
    expect(typedPriceCents('1.2.3')).toBeNull();
    expect(typedPriceCents('')).toBeNull();
  });
});

describe('the edit form’s rules (spec 02 §5, §8 "Edit page")', () => {
  it('checks the text first, then the bounds of this listing', () => {
    const schema = editFormSchema(5000);
    const messageOf = (sellingPrice: string, additionalInfo = '') =>
      schema.safeParse({ sellingPrice, additionalInfo }).error?.issues[0]?.message;
    expect(messageOf('')).toBe('Myyntihinta ei voi olla tyhjä');
    expect(messageOf('12,345')).toBe('Virheellinen hinnan muoto. Käytä muotoa 00,00');
    expect(messageOf('0,00')).toBe('Hinnat eivät voi olla nolla');
    expect(messageOf('4,99')).toBe('Hinnan tulee olla vähintään 5 €');
    expect(messageOf('50,01')).toBe('Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta');
    expect(messageOf('45,00', 'x'.repeat(301))).toBe('Lisätiedot voi olla enintään 300 merkkiä pitkä');
    expect(schema.safeParse({ sellingPrice: '45,00', additionalInfo: ' Rivi 3 ' }).data).toEqual({
      sellingPrice: '45,00',
      additionalInfo: 'Rivi 3',
    });
  });

  it('sends the prices the seller was shown, computed as the server computes them', () => {
    const prices = calculatePrices(3999, 250);
    expect(editRequest({ sellingPrice: '39,99', additionalInfo: '' }, 250)).toEqual({
      sellingPrice: '39,99',
      additionalInfo: '',
      listingPriceCents: prices.listingPriceCents,
      sellerReceivableCents: prices.sellerReceivableCents,
    });
  });
});
