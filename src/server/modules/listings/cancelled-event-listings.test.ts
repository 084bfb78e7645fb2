import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminListing } from '#shared/admin/admin.schema.ts';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { errorMessages } from '#shared/errors.ts';
import { autofillFromEvent } from '#shared/listings/event-autofill.ts';
import { type EventSearchResult, eventSearchResponseSchema } from '#shared/listings/event-search.schema.ts';
import type { ListingFormInput } from '#shared/listings/listing.schema.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { foldForSearch } from '#shared/search-text.ts';
import { events, listings, users } from '../../db/schema/index.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { adminAccessCookie, insertListing, signUp, testTicketPdf } from '../../test/listing-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { sellFormInput } from '../../test/sell-form-input.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { processEventCancellations } from '../admin/event-cancellations.ts';

// A listing for an event an admin has cancelled (issue 32): refused when it is put on sale or sent
// back for review, left out of the wizard's event search, and flagged on the review card when it
// came in while the event was being cancelled.

type Person = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let seller: Person;
let otherSeller: Person;
let adminCookie = '';
/** Run inside the next submission's transaction, when its files are stored (after its checks). */
let duringStore: (() => Promise<void>) | undefined;

const iban = 'FI2112345600000785';
const eventName = 'Peruttu Kevätkonsertti';
const day = addDays(helsinkiDate(new Date()), 25);
/** The catalogue's result for the event, as the seller chose it before the event was cancelled. */
let chosenBeforeCancelling: EventSearchResult;
/** The listing the admin cancelled the event by. */
let cancelledListingId = '';

beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: false, sellingLimits: { maxPending: 1000, maxPerDay: 1000 } },
    {
      wrapFiles: (store: FileStore): FileStore => ({
        ...store,
        async put(key, data, contentType) {
          const during = duringStore;
          duringStore = undefined;
          await during?.();
          return store.put(key, data, contentType);
        },
      }),
    },
  );
  seller = await signUp(t.app, 'peruttu_myyja');
  otherSeller = await signUp(t.app, 'toinen_myyja');
  await t.app.db
    .update(users)
    .set({ iban })
    .where(inArray(users.id, [seller.id, otherSeller.id]));
  adminCookie = adminAccessCookie(t.app, await signUp(t.app, 'peruuttaja', { admin: true }));
  // The catalogue has the event on its day and on the next (an extra show that goes ahead).
  await t.app.db.insert(events).values(
    [day, addDays(day, 1)].map((startDate) => ({
      id: `peruttu-${startDate}`,
      name: eventName,
      eventType: 'konsertti',
      startDate,
      startTime: '19:00',
      venue: 'Helsingin Areena',
      city: 'Helsinki',
      searchText: foldForSearch(`${eventName} Helsingin Areena Helsinki`),
    })),
  );
  const found = await searchEvents('peruttu kevatkonsertti');
  expect(found.map((event) => event.id)).toEqual([`peruttu-${day}`, `peruttu-${addDays(day, 1)}`]);
  chosenBeforeCancelling = found[0] as EventSearchResult;

  const onSale = await insertListing(t.app, {
    sellerId: otherSeller.id,
    eventName,
    eventDate: helsinkiDateTime(day, '19:00'),
  });
  cancelledListingId = onSale.id;
  const cancelled = await cancel([onSale.id]);
  expect(cancelled.statusCode, cancelled.body).toBe(201);
});
afterAll(() => t.close());

async function searchEvents(query: string): Promise<EventSearchResult[]> {
  const response = await t.app.inject({
    url: `/api/events/search?q=${encodeURIComponent(query)}`,
    headers: { cookie: seller.cookie },
  });
  expect(response.statusCode).toBe(200);
  return eventSearchResponseSchema.parse(response.json()).events;
}

const cancel = (listingIds: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/event-cancellations',
    headers: { cookie: adminCookie },
    payload: { listingIds, reason: 'Esiintyjä sairastui' },
  });

async function submit(overrides: Partial<ListingFormInput>) {
  const body = multipartBody([
    { name: 'listing', value: JSON.stringify(sellFormInput({ iban, ...overrides })) },
    { name: 'files', filename: 'lippu.pdf', contentType: 'application/pdf', data: await testTicketPdf() },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, cookie: seller.cookie },
  });
}

const refusal = {
  code: 'event-cancelled',
  message: sellingMessages.eventCancelled,
  issues: [{ path: 'eventName', message: sellingMessages.eventCancelled }],
};

const sellersListings = () => t.app.db.select().from(listings).where(eq(listings.sellerId, seller.id));

async function pendingOnReview(): Promise<AdminListing[]> {
  const response = await t.app.inject({
    url: '/api/admin/listings?status=pending',
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().listings;
}

describe('putting tickets on sale for a cancelled event', () => {
  it('is refused at the event name in Finnish, however the name is written, and keeps nothing', async () => {
    expect(sellingMessages.eventCancelled).toBe(
      'Tämä tapahtuma on peruttu, joten sille ei voi myydä lippuja.',
    );
    expect(errorMessages['event-cancelled']).toBe('Tapahtuma on peruttu');
    const written: Partial<ListingFormInput>[] = [
      { eventName, eventDate: day },
      { eventName: 'PERUTTU   kevätkonsertti ', eventDate: day },
      { eventName: 'peruttu kevatkonsertti', eventDate: day },
      // Another start time on the same day: doors, not the show.
      { eventName, eventDate: day, eventTime: '17:30', location: 'Hki', eventVenue: 'Areena' },
      // Chosen from the catalogue before the cancellation: its name and day.
      { ...autofillFromEvent(chosenBeforeCancelling), eventTime: '19:00' },
    ];
    for (const fields of written) {
      const response = await submit(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(409);
      expect(response.json().error).toEqual(refusal);
    }
    expect(await sellersListings()).toEqual([]);
    const stored: string[] = [];
    for await (const { key } of t.app.files.list()) stored.push(key);
    expect(stored, 'only the listing of the cancellation has a file').toEqual([
      expect.stringMatching(new RegExp(`^tickets/${cancelledListingId}/`)),
    ]);
  });

  it('accepts the same name on another day and another event on the same day', async () => {
    for (const fields of [
      { eventName, eventDate: addDays(day, 1) },
      { eventName: 'Peruttu Kevätkonsertti 2', eventDate: day },
      { eventName: 'Kevätkonsertti', eventDate: day },
    ]) {
      const response = await submit(fields);
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await sellersListings()).toHaveLength(3);
  });

  it("leaves the cancelled day out of the wizard's event search, and offers the other", async () => {
    expect((await searchEvents('peruttu kevatkonsertti')).map((event) => event.id)).toEqual([
      `peruttu-${addDays(day, 1)}`,
    ]);
  });

  it('refuses to send a rejected listing back for review for the cancelled event', async () => {
    const rejected = await insertListing(t.app, {
      sellerId: seller.id,
      status: 'rejected',
      eventDate: helsinkiDateTime(addDays(day, 3), '19:00'),
    });
    const { iban: _iban, termsAccepted: _terms, submissionId: _id, ...fields } = sellFormInput();
    const resubmit = (overrides: Partial<ListingFormInput>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${rejected.id}/resubmission`,
        headers: { cookie: seller.cookie },
        payload: { ...fields, ...overrides },
      });
    const refused = await resubmit({ eventName: ' peruttu  KEVÄTKONSERTTI', eventDate: day });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual(refusal);
    const [still] = await t.app.db.select().from(listings).where(eq(listings.id, rejected.id));
    expect(still?.status).toBe('rejected');

    const sent = await resubmit({ eventName, eventDate: addDays(day, 3) });
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

describe('a listing that comes in while its event is being cancelled', () => {
  const raceEvent = 'Kesken peruttu keikka';
  const raceDay = addDays(day, 10);

  it('waits for review flagged "cancelled" when it came in after the admin chose the listings', async () => {
    const first = await insertListing(t.app, {
      sellerId: otherSeller.id,
      eventName: raceEvent,
      eventDate: helsinkiDateTime(raceDay, '20:00'),
    });
    // The admin looks the event up: its listings as they are now.
    const found = await t.app.inject({
      url: `/api/admin/event-cancellations/events?q=${encodeURIComponent('kesken peruttu')}`,
      headers: { cookie: adminCookie },
    });
    const chosen: string[] = found.json().events[0].listings.map((listing: { id: string }) => listing.id);
    expect(chosen).toEqual([first.id]);
    // Meanwhile a seller puts tickets on sale: the event is not cancelled yet.
    const late = await submit({ eventName: raceEvent, eventDate: raceDay, eventTime: '20:00' });
    expect(late.statusCode, late.body).toBe(201);
    const lateId: string = late.json().listing.id;
    // The admin cancels what they chose, and the job takes those off sale.
    expect((await cancel(chosen)).statusCode).toBe(201);
    await processEventCancellations({
      db: t.app.db,
      listings: t.app.listings,
      refunds: t.app.purchases.refunds,
      publicUrl: t.app.config.publicUrl,
      mailQueued: () => {},
      log: t.app.log,
    });
    const rows = await t.app.db
      .select()
      .from(listings)
      .where(inArray(listings.id, [first.id, lateId]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [first.id]: 'removed',
      [lateId]: 'pending',
    });

    const review = await pendingOnReview();
    expect(review.find((listing) => listing.id === lateId)?.eventCancelled).toBe(true);
    // The listings of the event's other day and of other events are not flagged.
    const others = review.filter((listing) => listing.id !== lateId);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((listing) => listing.eventCancelled === false)).toBe(true);
    // And from now on the event is refused.
    expect((await submit({ eventName: raceEvent, eventDate: raceDay })).json().error).toEqual(refusal);
  });

  // Two connections at once: the cancellation commits while the submission's transaction, its
  // checks passed, is storing the files. PGlite runs one transaction at a time, so only PostgreSQL
  // can interleave them; the state it leaves is the one the test above checks on both.
  it.runIf(process.env.DATABASE_URL)(
    'waits for review flagged when the cancellation commits inside its transaction',
    async () => {
      const name = 'Samaan aikaan peruttu';
      const when = addDays(day, 12);
      const listed = await insertListing(t.app, {
        sellerId: otherSeller.id,
        eventName: name,
        eventDate: helsinkiDateTime(when, '19:00'),
      });
      duringStore = async () => {
        expect((await cancel([listed.id])).statusCode).toBe(201);
      };
      const racing = await submit({ eventName: name, eventDate: when });
      expect(duringStore).toBeUndefined();
      expect(racing.statusCode, racing.body).toBe(201);
      const review = await pendingOnReview();
      expect(review.find((listing) => listing.id === racing.json().listing.id)?.eventCancelled).toBe(true);
    },
  );
});
