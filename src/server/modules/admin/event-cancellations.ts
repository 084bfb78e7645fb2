import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CancellableEvent,
  type CreateCancellation,
  cancellationMessages,
  type EventCancellation,
} from '#shared/admin/event-cancellations.schema.ts';
import { helsinkiDate } from '#shared/dates.ts';
import { foldForSearch } from '#shared/search-text.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { eventCancellationListings, eventCancellations } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { ListingLifecycle } from '../listings/listing-lifecycle.ts';
import {
  cancellableListings,
  findListingWithSeller,
  listingEventsOnDays,
} from '../listings/listings.service.ts';
import { lockSaleOfListing } from '../purchases/recorded-sales.ts';
import { refundsOfListings, type SaleRefunds } from '../purchases/sale-refunds.ts';
import { recordAdminAction } from './admin-audit.ts';
import { queueCancelledSaleMails, queueWithdrawnListingMail } from './cancellation-mails.ts';

// A cancelled event (issue 24, docs/decisions/035): the admin chooses its listings; a background job
// then refunds each sale through the provider, takes the unsold listings off sale and mails the
// people, one listing per transaction. This module owns event_cancellations and their listings.

export interface CancellationDeps {
  db: Db;
  listings: ListingLifecycle;
  refunds: SaleRefunds;
  publicUrl: string;
  mailQueued: () => void;
  log: FastifyBaseLogger;
}

/** The events whose listings match the search, each with its open and sold listings not yet in a cancellation. */
export async function findCancellableEvents(db: Db, query: string): Promise<CancellableEvent[]> {
  const rows = await cancellableListings(db, { query });
  const taken = rows.length
    ? await db
        .select({ listingId: eventCancellationListings.listingId })
        .from(eventCancellationListings)
        .where(
          inArray(
            eventCancellationListings.listingId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const cancelled = new Set(taken.map((row) => row.listingId));
  const events = new Map<string, CancellableEvent>();
  for (const row of rows) {
    if (cancelled.has(row.id)) continue;
    const key = `${row.eventName}\u0000${row.eventDate.toISOString()}\u0000${row.location}`;
    const event = events.get(key) ?? {
      eventName: row.eventName,
      eventDate: row.eventDate.toISOString(),
      location: row.location,
      eventVenue: row.eventVenue,
      listings: [],
    };
    event.listings.push({
      id: row.id,
      status: row.status as 'pending' | 'listed' | 'sold',
      ticketCount: row.ticketCount,
      listingPriceCents: row.listingPriceCents,
    });
    events.set(key, event);
  }
  return [...events.values()];
}

/**
 * Records the cancellation of the chosen listings and its audit entry. A listing already in a
 * cancellation refuses the whole request (the unique index decides, also between two admins at
 * once). The work itself is the job's (`processEventCancellations`).
 */
export async function cancelEvent(db: Db, adminId: string, input: CreateCancellation): Promise<string> {
  const listingIds = [...new Set(input.listingIds)];
  return inTransaction(db, async ({ tx }) => {
    const chosen = await cancellableListings(tx, { ids: listingIds }, listingIds.length);
    if (chosen.length !== listingIds.length)
      throw new AppError('invalid-argument', { message: cancellationMessages.unknownListings });
    const first = chosen[0];
    if (!first) throw new AppError('invalid-argument', { message: cancellationMessages.listingsRequired });
    const [cancellation] = await tx
      .insert(eventCancellations)
      .values({
        eventName: first.eventName,
        eventDate: first.eventDate,
        reason: input.reason,
        createdBy: adminId,
      })
      .returning({ id: eventCancellations.id });
    if (!cancellation) throw new Error('no cancellation row');
    const added = await tx
      .insert(eventCancellationListings)
      .values(listingIds.map((listingId) => ({ cancellationId: cancellation.id, listingId })))
      .onConflictDoNothing()
      .returning({ listingId: eventCancellationListings.listingId });
    if (added.length !== listingIds.length)
      throw new AppError('aborted', { message: cancellationMessages.alreadyCancelled });
    await recordAdminAction(tx, {
      adminId,
      action: 'event.cancel',
      entityType: 'cancellation',
      entityId: cancellation.id,
      before: null,
      after: { eventName: first.eventName, reason: input.reason, listingIds },
    });
    return cancellation.id;
  });
}

type Outcome = 'refunded' | 'withdrawn' | 'untouched' | 'waiting';

/**
 * Handles one listing of a cancellation in one transaction: a sold one's sale is refunded, an
 * unsold one taken off sale, each with its mails. The row is claimed first (processed_at, SKIP
 * LOCKED), so two runs at once never handle one listing twice, and a run killed midway leaves the
 * rest for the next. A listing a buyer is paying for waits: its payment ends it as sold or free.
 */
async function handleListing(
  deps: CancellationDeps,
  cancellation: { id: string; reason: string; createdBy: string },
  listingId: string,
): Promise<{ outcome: Outcome; refundSaleId?: string } | undefined> {
  return inTransaction(deps.db, async (transaction) => {
    const { tx, afterCommit } = transaction;
    const [row] = await tx
      .select()
      .from(eventCancellationListings)
      .where(
        and(
          eq(eventCancellationListings.cancellationId, cancellation.id),
          eq(eventCancellationListings.listingId, listingId),
          isNull(eventCancellationListings.processedAt),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const found = await findListingWithSeller(tx, listingId);
    if (!found) return undefined;
    const { listing } = found;

    let outcome: Outcome = 'untouched';
    let refundSaleId: string | undefined;
    if (listing.status === 'sold') {
      const sale = await lockSaleOfListing(tx, listingId);
      if (sale) {
        const refund = await deps.refunds.request(tx, {
          saleId: sale.id,
          reason: 'event_cancelled',
          requestedBy: cancellation.createdBy,
        });
        if (refund.created)
          await queueCancelledSaleMails(tx, deps.publicUrl, listing, sale, cancellation.reason);
        outcome = 'refunded';
        refundSaleId = sale.id;
      }
    } else if (listing.status === 'pending' || listing.status === 'listed') {
      const removed = await deps.listings.remove(
        transaction,
        listingId,
        'event_cancelled',
        cancellation.createdBy,
      );
      if (!removed) return { outcome: 'waiting' };
      await queueWithdrawnListingMail(tx, deps.publicUrl, listing, cancellation.reason);
      outcome = 'withdrawn';
    }
    await tx
      .update(eventCancellationListings)
      .set({ outcome, processedAt: sql`now()` })
      .where(
        and(
          eq(eventCancellationListings.cancellationId, cancellation.id),
          eq(eventCancellationListings.listingId, listingId),
        ),
      );
    afterCommit(deps.mailQueued);
    return { outcome, refundSaleId };
  });
}

/**
 * The background job: works through every unfinished cancellation, listing by listing, then asks
 * the provider for the refunds. Stopped anywhere and run again, it carries on where it was: each
 * listing is handled once, each sale refunded once (sale_refunds). Returns how many listings it handled.
 */
export async function processEventCancellations(deps: CancellationDeps): Promise<number> {
  const open = await deps.db
    .select()
    .from(eventCancellations)
    .where(isNull(eventCancellations.finishedAt))
    .orderBy(asc(eventCancellations.createdAt), asc(eventCancellations.id));
  let handled = 0;
  for (const cancellation of open) {
    const left = await deps.db
      .select({ listingId: eventCancellationListings.listingId })
      .from(eventCancellationListings)
      .where(
        and(
          eq(eventCancellationListings.cancellationId, cancellation.id),
          isNull(eventCancellationListings.processedAt),
        ),
      );
    let waiting = 0;
    for (const { listingId } of left) {
      const result = await handleListing(deps, cancellation, listingId);
      if (result?.outcome === 'waiting') waiting++;
      else if (result) handled++;
      if (result?.refundSaleId) await deps.refunds.send(result.refundSaleId);
    }
    if (waiting === 0)
      await deps.db
        .update(eventCancellations)
        .set({ finishedAt: sql`now()` })
        .where(
          and(
            eq(eventCancellations.id, cancellation.id),
            isNull(eventCancellations.finishedAt),
            sql`not exists (select 1 from ${eventCancellationListings} where ${eventCancellationListings.cancellationId} = ${cancellation.id} and ${eventCancellationListings.processedAt} is null)`,
          ),
        );
  }
  return handled;
}

/** An event as a seller or a catalogue names it: its name and its day in Helsinki ('YYYY-MM-DD'). */
export interface EventOnDay {
  eventName: string;
  day: string;
}

/**
 * The same event, whoever typed it: the name whatever its case, accents and spaces, on the same
 * day. Not the time (one seller types the doors' time, another the show's) and not the place
 * (Helsinki, Hki, or the arena's Espoo): a seller must not get past a cancellation by writing
 * either differently (docs/decisions/035).
 */
const eventKey = ({ eventName, day }: EventOnDay) =>
  `${foldForSearch(eventName).replace(/\s+/g, ' ')}\u0000${day}`;

/**
 * For each event, whether it has been cancelled: a listing of some cancellation is of the same
 * event. The cancellation is known from its recording on, before the job has handled its listings.
 */
export async function cancelledEvents(executor: Executor, events: readonly EventOnDay[]): Promise<boolean[]> {
  const sameDay = await listingEventsOnDays(executor, [...new Set(events.map((event) => event.day))]);
  const inCancellation = sameDay.length
    ? await executor
        .select({ listingId: eventCancellationListings.listingId })
        .from(eventCancellationListings)
        .where(
          inArray(
            eventCancellationListings.listingId,
            sameDay.map((listing) => listing.id),
          ),
        )
    : [];
  const cancelledIds = new Set(inCancellation.map((row) => row.listingId));
  const cancelled = new Set(
    sameDay
      .filter((listing) => cancelledIds.has(listing.id))
      .map((listing) => eventKey({ eventName: listing.eventName, day: helsinkiDate(listing.eventDate) })),
  );
  return events.map((event) => cancelled.has(eventKey(event)));
}

/** The newest cancellations with their progress, for the admin area. */
export async function listEventCancellations(db: Db, limit = 50): Promise<EventCancellation[]> {
  const rows = await db
    .select()
    .from(eventCancellations)
    .orderBy(desc(eventCancellations.createdAt), desc(eventCancellations.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const handled = await db
    .select()
    .from(eventCancellationListings)
    .where(inArray(eventCancellationListings.cancellationId, ids));
  const refunds = await refundsOfListings(
    db,
    handled.filter((entry) => entry.outcome === 'refunded').map((entry) => entry.listingId),
  );
  return rows.map((row) => {
    const mine = handled.filter((entry) => entry.cancellationId === row.id);
    const of = (outcome: string | null) => mine.filter((entry) => entry.outcome === outcome).length;
    const mineRefunds = mine.flatMap((entry) => {
      const refund = entry.outcome === 'refunded' ? refunds.get(entry.listingId) : undefined;
      return refund ? [refund] : [];
    });
    return {
      id: row.id,
      eventName: row.eventName,
      eventDate: row.eventDate.toISOString(),
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      listings: mine.length,
      refunded: of('refunded'),
      refundsSent: mineRefunds.filter((refund) => refund.sentAt !== null).length,
      refundsConfirmed: mineRefunds.filter((refund) => refund.state === 'refunded').length,
      refundsFailed: mineRefunds.filter((refund) => refund.state === 'failed').length,
      failedRefunds: mineRefunds
        .filter((refund) => refund.state === 'failed')
        .map((refund) => ({
          saleId: refund.saleId,
          listingId: refund.listingId,
          amountCents: refund.amountCents,
          attempts: refund.attempts,
          error: refund.lastError ?? '',
        })),
      withdrawn: of('withdrawn'),
      waiting: of(null),
    };
  });
}
