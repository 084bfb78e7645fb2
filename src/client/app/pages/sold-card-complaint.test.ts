import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SellerComplaintNotice } from '#client/features/complaints/components/complaint-card-parts.tsx';
import { MyListingCard } from '#client/features/listings/components/my-listing-card.tsx';
import type { MyListing } from '#shared/listings/seller-listing.schema.ts';

// The seller's sold card with an open complaint (profile-tabs.tsx puts the two together): the
// complaint's notice says the buyer complained, and the payout's line only that the money waits.

const ticketId = '0b7c3f0e-6a51-4c9f-9d3e-1f2a3b4c5d6e';

const sold: MyListing = {
  id: ticketId,
  status: 'sold',
  eventName: 'Testikonsertti',
  eventImage: null,
  location: 'Helsinki',
  eventVenue: 'Testiareena',
  eventDate: '2026-12-01',
  eventTime: '19:00',
  eventEndDate: null,
  eventType: 'Konsertti',
  ticketType: 'Pääsylippu',
  ticketCount: 1,
  hasAssignedSeat: false,
  seatInfo: [],
  originalPriceCents: 5000,
  sellingPriceCents: 5000,
  additionalFeesCents: 0,
  serviceFeeCents: 150,
  listingPriceCents: 5150,
  sellerReceivableCents: 4850,
  additionalInfo: '',
  viewCount: 0,
  rejectionReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  soldAt: '2026-11-02T10:00:00.000Z',
  files: [],
  payout: {
    status: 'reclamation_hold',
    expectedDate: null,
    paymentDate: null,
    paymentReference: null,
    holdReason: 'complaint',
  },
};

const render = (withNotice: boolean): string =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(MyListingCard, {
        listing: sold,
        asOf: Date.parse('2026-11-28T12:00:00.000Z'),
        onRemove: () => {},
        onDelete: () => {},
        complaint: withNotice
          ? createElement(SellerComplaintNotice, {
              complaint: {
                id: '5e0c1d2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
                ticketId,
                role: 'seller',
                status: 'open',
                eventName: sold.eventName,
                createdAt: '2026-12-01T21:00:00.000Z',
                awaitsResponse: true,
              },
            })
          : undefined,
      }),
    ),
  );

const count = (text: string, phrase: RegExp): number =>
  text.replace(/<[^>]*>/g, ' ').match(phrase)?.length ?? 0;
const complained = /Ostaja on tehnyt (kaupasta )?reklamaation/g;

describe("the seller's sold card with a complaint", () => {
  it('says once that the buyer complained, and that the payout waits', () => {
    const html = render(true);
    expect(count(html, complained)).toBe(1);
    expect(html).toContain('Tilitys odottaa, kunnes reklamaatio on käsitelty.');
    expect(html).toContain('Vastaa reklamaatioon');
  });

  it("without the complaint's notice (a hold the admin set), the payout line says why it waits", () => {
    const html = render(false);
    expect(count(html, complained)).toBe(1);
    expect(html).toContain(
      'Ostaja on tehnyt kaupasta reklamaation. Tilitys odottaa, kunnes asia on selvitetty.',
    );
  });
});
