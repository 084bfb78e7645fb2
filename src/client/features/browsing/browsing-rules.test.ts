import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { buyBlockMessages } from '#shared/browsing/ticket-messages.ts';
import { checkBuyAvailability } from './buy-availability.ts';
import { readListParams, writeListParams } from './list-params.ts';
import { pageErrorFor, sellerNotice, ticketLoadError } from './ticket-page-rules.ts';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const past = new Date(Date.now() - 3 * 86_400_000).toISOString();

describe('checkBuyAvailability (spec 01 §4, in order)', () => {
  const check = (
    status: string,
    viewer: 'seller' | 'buyer' | 'user' | 'visitor',
    eventDate = future,
    heldUntil: string | null = null,
  ) => checkBuyAvailability({ status, viewer, eventDate, heldUntil }, viewer !== 'visitor');

  it('blocks the seller first, whatever else is true', () => {
    expect(check('sold', 'seller', past)).toMatchObject({
      canBuy: false,
      message: buyBlockMessages.ownTicket,
    });
  });

  it('treats a past event as expired, but a sold ticket stays sold', () => {
    expect(check('listed', 'user', past)).toMatchObject({ message: 'Tämä lippu ei ole enää saatavilla' });
    expect(check('sold', 'user', past)).toMatchObject({ message: 'Lippu on jo myyty' });
  });

  it('then sold, expired, pending, and finally the login requirement', () => {
    expect(check('sold', 'user')).toMatchObject({ message: 'Lippu on jo myyty' });
    expect(check('expired', 'user')).toMatchObject({ message: 'Tämä lippu ei ole enää saatavilla' });
    expect(check('pending', 'visitor')).toMatchObject({ message: 'Tämä lippu ei ole vielä myynnissä' });
    expect(check('listed', 'visitor')).toMatchObject({
      message: 'Sinun pitää kirjautua sisään, jotta voit ostaa lipun',
    });
    expect(check('listed', 'user')).toEqual({ canBuy: true });
  });

  it("says when another buyer's hold ends at the latest, on Helsinki's clock, before asking to sign in", () => {
    // 12.40 UTC in November is 14.40 in Helsinki.
    const message =
      'Toinen käyttäjä on juuri ostamassa lippua, yritä myöhemmin uudelleen. Jos osto ei toteudu, lippu vapautuu viimeistään klo 14.40.';
    for (const viewer of ['user', 'visitor'] as const)
      expect(check('listed', viewer, future, '2026-11-26T12:40:00.000Z')).toEqual({
        canBuy: false,
        reason: 'reserved',
        message,
      });
    expect(check('listed', 'seller', future, '2026-11-26T12:40:00.000Z')).toMatchObject({
      reason: 'ownTicket',
    });
    expect(check('sold', 'user', future, '2026-11-26T12:40:00.000Z')).toMatchObject({ reason: 'sold' });
  });
});

describe('ticket page errors (spec 01 §8)', () => {
  const page = (status: string, viewer: 'seller' | 'buyer' | 'user' | 'visitor', eventDate = future) =>
    pageErrorFor({ eventName: 'Konsertti', eventDate, status, viewer });

  it('shows a listed or reserved upcoming ticket to everyone', () => {
    expect(page('listed', 'visitor')).toBeUndefined();
    expect(page('reserved', 'user')).toBeUndefined();
  });

  it('tells others why a ticket is not for sale: sold, expired, past, not listed', () => {
    expect(page('sold', 'user')).toBe('Tämä lippu on jo myyty');
    expect(page('expired', 'visitor')).toBe('Tämä lippu ei ole enää myynnissä');
    expect(page('listed', 'visitor', past)).toBe('Tämä tapahtuma on jo mennyt');
    expect(page('removed', 'user')).toBe('Tämä lippu ei ole tällä hetkellä myynnissä');
  });

  it('still shows the page to its seller and buyer, the seller with a notice', () => {
    expect(page('sold', 'buyer', past)).toBeUndefined();
    expect(page('sold', 'seller')).toBeUndefined();
    expect(
      sellerNotice({ eventName: 'Konsertti', eventDate: future, status: 'sold', viewer: 'seller' }),
    ).toBe('Tämä lippu on jo myyty');
    expect(
      sellerNotice({ eventName: 'Konsertti', eventDate: past, status: 'listed', viewer: 'seller' }),
    ).toBe('Tämä tapahtuma on jo mennyt');
    expect(
      sellerNotice({ eventName: 'Konsertti', eventDate: future, status: 'listed', viewer: 'user' }),
    ).toBeUndefined();
  });

  it('reports incomplete details to everyone, seller included', () => {
    expect(pageErrorFor({ eventName: '', eventDate: future, status: 'listed', viewer: 'seller' })).toBe(
      'Lipun tiedot ovat puutteelliset',
    );
  });
});

describe('list URL state', () => {
  it('reads defaults for missing or unknown values', () => {
    expect(readListParams(new URLSearchParams('sortBy=x&filterCategory=Kissat&currentPage=-2'))).toEqual({
      searchTerm: '',
      sortBy: 'dateAsc',
      filterCategory: 'all',
      currentPage: 1,
    });
  });

  it('omits defaults, keeps other parameters, and goes back to page 1 when a filter changes', () => {
    const current = new URLSearchParams('currentPage=3&utm_source=uutiskirje');
    expect(writeListParams(current, { currentPage: 4 }).toString()).toBe(
      'currentPage=4&utm_source=uutiskirje',
    );
    expect(writeListParams(current, { sortBy: 'priceAsc' }).toString()).toBe(
      'utm_source=uutiskirje&sortBy=priceAsc',
    );
    expect(writeListParams(current, { filterCategory: 'Näyttely' }).get('currentPage')).toBeNull();
    expect(writeListParams(new URLSearchParams('sortBy=priceAsc'), { sortBy: 'dateAsc' }).toString()).toBe(
      '',
    );
    expect(writeListParams(new URLSearchParams(), { searchTerm: '   ' }).toString()).toBe('');
  });
});

describe('ticketLoadError (spec 01 §8: ticket page and checkout)', () => {
  it('says missing or not on sale for a 404, and offers a retry only for a failed load', () => {
    expect(ticketLoadError(new ApiError(404, 'not-found', 'x'))).toEqual({
      message: 'Lippua ei löytynyt',
      retryable: false,
    });
    expect(ticketLoadError(new ApiError(404, 'ticket-not-listed', 'x'))).toEqual({
      message: 'Tämä lippu ei ole tällä hetkellä myynnissä',
      retryable: false,
    });
    expect(ticketLoadError(new ApiError(0, 'network', 'x'))).toEqual({
      message: 'Virhe lipun lataamisessa...',
      retryable: true,
    });
  });
});
