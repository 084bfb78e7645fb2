import { and, eq, gte, inArray, isNull, lt, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { editableStatuses } from '#shared/listings/listing-rules.ts';
import type { SellerRemovalReason } from '#shared/listings/seller-listing.schema.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type ListingStatus, listingAnalytics, listingRemovals, listings } from '../../db/schema/index.ts';
import { startOfTodayHelsinki } from '../../db/time.ts';
import { inTransaction, type Transaction } from '../../db/transaction.ts';

/**
 * Every status change a listing can make, with the statuses it may start from (README.md draws
 * them). A change is one UPDATE whose WHERE holds the allowed statuses, so of two racing calls
 * exactly one wins and the other learns it lost.
 */
export const listingTransitions = {
  approve: { from: ['pending'], to: 'listed' },
  reject: { from: ['pending'], to: 'rejected' },
  resubmit: { from: ['rejected'], to: 'pending' },
  markSold: { from: ['listed'], to: 'sold' },
  remove: { from: ['pending', 'listed'], to: 'removed' },
  expire: { from: ['pending', 'listed'], to: 'expired' },
} as const satisfies Record<string, { from: readonly ListingStatus[]; to: ListingStatus }>;

export type ListingTransition = keyof typeof listingTransitions;

/** Why a listing was taken off sale, as `listing_removals` records it: the seller's reason, or ours. */
export type RemovalReason = SellerRemovalReason | 'account_deleted' | 'admin_removed' | 'event_cancelled';

/**
 * Where a listing's picture came from: the event search ('api') or a category default, as the
 * seller chose; 'admin' for a picture an admin uploaded (docs/decisions/015).
 */
export type ListingImageSource = 'api' | 'default' | 'admin';

type ListingRow = typeof listings.$inferSelect;

/** No buyer holds the listing: never held, or the hold's time has passed (holds end by themselves). */
const notHeld: SQL = or(isNull(listings.heldUntil), lte(listings.heldUntil, sql`now()`)) as SQL;

/**
 * A buyer may start paying for it: on sale and its event day not over (isPurchasable in
 * src/shared says the same for one listing in hand).
 */
export const onSale: SQL = and(
  eq(listings.status, 'listed'),
  gte(listings.eventDate, startOfTodayHelsinki),
) as SQL;

/**
 * Whether a payment for the listing (by its id column) may still arrive: told by the purchases
 * module, which owns the payments, so that this module's UPDATEs can check it in their WHERE.
 */
export type PaymentMayArrive = (listingId: typeof listings.id) => SQL;

/** A listing a buyer may hold: on sale, its event not over, and nobody else holding it. */
export interface HoldRequest {
  listingId: string;
  buyerId: string;
  /** The all-in price the buyer was shown: a price changed meanwhile is not held. */
  listingPriceCents: number;
  minutes: number;
}

/**
 * Tells the other app processes, inside the writing transaction, that listings they may hold in
 * memory changed (the change feed of platform/changes).
 */
export type AnnounceChange = (executor: Executor) => Promise<void>;

/**
 * The one writer of listing statuses. Each transition returns whether it won and, once its write
 * has committed, tells the listeners (the public list forgets what it held), so no caller has to
 * remember to; the other app processes are told by the same commit (`announce`). Transitions
 * that belong to a larger change take the caller's transaction.
 */
export class ListingLifecycle {
  private readonly db: Db;
  private readonly paymentMayArrive: PaymentMayArrive;
  private readonly announce: AnnounceChange;
  private readonly listeners = new Set<() => void>();

  constructor(db: Db, paymentMayArrive: PaymentMayArrive, announce: AnnounceChange) {
    this.db = db;
    this.paymentMayArrive = paymentMayArrive;
    this.announce = announce;
  }

  /** Calls `listener` after every committed change of listing statuses. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed = () => {
    for (const listener of this.listeners) listener();
  };

  /** Tells the listeners here once `transaction` commits, and the other processes by that commit. */
  private async tell({ tx, afterCommit }: Transaction): Promise<void> {
    await this.announce(tx);
    afterCommit(this.changed);
  }

  /** Moves one listing, if its status allows; the winner's row count is 1. */
  private async move(
    executor: Executor,
    listingId: string,
    transition: ListingTransition,
    columns: PgUpdateSetSource<typeof listings> = {},
  ): Promise<boolean> {
    const { from, to } = listingTransitions[transition];
    const moved = await executor
      .update(listings)
      .set({ ...columns, status: to, updatedAt: sql`now()` })
      .where(and(eq(listings.id, listingId), inArray(listings.status, [...from])))
      .returning({ id: listings.id });
    return moved.length === 1;
  }

  /** Runs a move in the caller's transaction, telling the listeners once it commits. */
  private async moveIn(
    transaction: Transaction,
    listingId: string,
    transition: ListingTransition,
    columns?: PgUpdateSetSource<typeof listings>,
  ): Promise<boolean> {
    const won = await this.move(transaction.tx, listingId, transition, columns);
    if (won) await this.tell(transaction);
    return won;
  }

  /**
   * An admin accepts a listing under review: it goes on sale, and the approval is counted in the
   * listing analytics (spec 02 §4 "Admin approval") in the same transaction.
   */
  async approve(transaction: Transaction, listingId: string, adminId: string): Promise<boolean> {
    const { tx } = transaction;
    if (
      !(await this.moveIn(transaction, listingId, 'approve', {
        moderatedAt: sql`now()`,
        moderatedBy: adminId,
      }))
    )
      return false;
    await tx.insert(listingAnalytics).select(
      tx
        .select({
          listingId: listings.id,
          approvalDate: sql<Date>`now()`.as('approval_date'),
          // The spec's "ticketCount, or 1 if absent or not above 1".
          ticketCount: sql<number>`greatest(${listings.ticketCount}, 1)`.as('ticket_count'),
        })
        .from(listings)
        .where(eq(listings.id, listingId)),
    );
    return true;
  }

  /** An admin turns a listing under review down, with the reason the seller is shown. */
  reject(transaction: Transaction, listingId: string, adminId: string, reason: string): Promise<boolean> {
    return this.moveIn(transaction, listingId, 'reject', {
      moderatedAt: sql`now()`,
      moderatedBy: adminId,
      rejectionReason: reason,
    });
  }

  /**
   * The seller sends a rejected listing, corrected, back for review: only their own and only while
   * it is rejected, so a listing resent twice at once goes back once. The old verdict is cleared
   * (the admin audit log keeps it).
   */
  async resubmit(
    transaction: Transaction,
    listingId: string,
    sellerId: string,
    columns: PgUpdateSetSource<typeof listings>,
  ): Promise<boolean> {
    const { from, to } = listingTransitions.resubmit;
    const moved = await transaction.tx
      .update(listings)
      .set({
        ...columns,
        status: to,
        rejectionReason: null,
        moderatedAt: null,
        moderatedBy: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(listings.id, listingId), eq(listings.sellerId, sellerId), inArray(listings.status, [...from])),
      )
      .returning({ id: listings.id });
    if (moved.length === 0) return false;
    await this.tell(transaction);
    return true;
  }

  /**
   * An admin gives a listing under review another picture (spec 02 §2 'Vaihda kuva'), only while
   * it is pending: one approved or deleted meanwhile keeps its own. The row is locked first, so the
   * picture returned (for the audit log) is the one replaced. Returns it, or undefined when the
   * listing is not pending. Pending listings are on no public list, so nobody is told.
   */
  async changeImage(
    executor: Executor,
    listingId: string,
    image: { eventImage: string; imageSource: ListingImageSource },
  ): Promise<{ eventImage: string | null; imageSource: string | null } | undefined> {
    const pending = and(eq(listings.id, listingId), eq(listings.status, 'pending'));
    const [before] = await executor
      .select({ eventImage: listings.eventImage, imageSource: listings.imageSource })
      .from(listings)
      .where(pending)
      .for('update');
    if (!before) return undefined;
    const changed = await executor
      .update(listings)
      .set({ ...image, updatedAt: sql`now()` })
      .where(pending)
      .returning({ id: listings.id });
    return changed.length === 1 ? before : undefined;
  }

  /**
   * A buyer starts paying: the listing is theirs to pay for until the returned time. One
   * conditional UPDATE, so of any number of buyers asking at once exactly one gets it. The
   * listing stays on the public list (it is still for sale if the payment fails); holds are not
   * status changes, so nobody is told. Returns the held listing, or undefined when it could not
   * be held.
   */
  async hold(executor: Executor, request: HoldRequest): Promise<ListingRow | undefined> {
    const [held] = await executor
      .update(listings)
      .set({
        heldBy: request.buyerId,
        heldUntil: sql`now() + make_interval(mins => ${request.minutes})`,
      })
      .where(
        and(
          eq(listings.id, request.listingId),
          onSale,
          ne(listings.sellerId, request.buyerId),
          eq(listings.listingPriceCents, request.listingPriceCents),
          notHeld,
        ),
      )
      .returning();
    return held;
  }

  /** The buyer left without paying: the listing is free for the next buyer at once. */
  async releaseHold(executor: Executor, listingId: string, buyerId: string): Promise<boolean> {
    const released = await executor
      .update(listings)
      .set({ heldBy: null, heldUntil: null })
      .where(and(eq(listings.id, listingId), eq(listings.heldBy, buyerId), eq(listings.status, 'listed')))
      .returning({ id: listings.id });
    return released.length === 1;
  }

  /**
   * The payment went through: the listing is the buyer's, if it is still on sale and nobody else
   * holds it now (the buyer's own hold, or one whose time has passed, does not stop them). The
   * caller refunds a payment that loses.
   */
  async markSold(transaction: Transaction, listingId: string, buyerId: string): Promise<boolean> {
    const { from, to } = listingTransitions.markSold;
    const sold = await transaction.tx
      .update(listings)
      .set({ status: to, buyerId, soldAt: sql`now()`, heldBy: null, heldUntil: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(listings.id, listingId),
          inArray(listings.status, [...from]),
          or(eq(listings.heldBy, buyerId), notHeld),
        ),
      )
      .returning({ id: listings.id });
    if (sold.length === 0) return false;
    await this.tell(transaction);
    return true;
  }

  /**
   * The seller's change of price or additional info, only while no buyer holds the listing and
   * no payment for it may still arrive (a hold that ran out leaves its intent payable until the
   * provider has cancelled it): a buyer who starts paying at the same moment wins, and the edit
   * is refused.
   */
  async edit(
    listingId: string,
    sellerId: string,
    columns: Pick<
      PgUpdateSetSource<typeof listings>,
      | 'sellingPriceCents'
      | 'serviceFeeCents'
      | 'listingPriceCents'
      | 'sellerReceivableCents'
      | 'additionalInfo'
    >,
  ): Promise<boolean> {
    return inTransaction(this.db, async (transaction) => {
      const edited = await transaction.tx
        .update(listings)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(
          and(
            eq(listings.id, listingId),
            eq(listings.sellerId, sellerId),
            inArray(listings.status, [...editableStatuses]),
            notHeld,
            not(this.paymentMayArrive(listings.id)),
          ),
        )
        .returning({ id: listings.id });
      if (edited.length === 1) await this.tell(transaction);
      return edited.length === 1;
    });
  }

  /** Takes one listing off sale and records why and by whom. */
  async remove(
    transaction: Transaction,
    listingId: string,
    reason: RemovalReason,
    removedBy: string | null,
    customReason: string | null = null,
  ): Promise<boolean> {
    const { tx } = transaction;
    const [before] = await tx
      .select({ status: listings.status })
      .from(listings)
      // A buyer paying for it keeps it: the seller may remove it once the hold has ended.
      .where(and(eq(listings.id, listingId), notHeld))
      .for('update');
    if (!before || !(await this.move(tx, listingId, 'remove'))) return false;
    await tx.insert(listingRemovals).values({
      listingId,
      originalStatus: before.status,
      removalReason: reason,
      customRemovalReason: customReason,
      removedBy,
    });
    await this.tell(transaction);
    return true;
  }

  /** Takes every pending and listed listing of a seller off sale (account deletion). */
  async removeAllOfSeller(
    transaction: Transaction,
    sellerId: string,
    reason: RemovalReason,
  ): Promise<number> {
    const { tx } = transaction;
    const { from, to } = listingTransitions.remove;
    const open = await tx
      .select({ id: listings.id, status: listings.status })
      .from(listings)
      .where(and(eq(listings.sellerId, sellerId), inArray(listings.status, [...from])))
      .for('update');
    if (open.length === 0) return 0;
    await tx
      .update(listings)
      .set({ status: to, updatedAt: sql`now()` })
      .where(
        inArray(
          listings.id,
          open.map((row) => row.id),
        ),
      );
    await tx
      .insert(listingRemovals)
      .values(open.map((row) => ({ listingId: row.id, originalStatus: row.status, removalReason: reason })));
    await this.tell(transaction);
    return open.length;
  }

  /**
   * Marks pending and listed listings whose event day is over as expired. One conditional
   * UPDATE, so any number of app processes can run it at once. Returns how many changed.
   */
  async expirePast(): Promise<number> {
    const { from, to } = listingTransitions.expire;
    return inTransaction(this.db, async (transaction) => {
      const expired = await transaction.tx
        .update(listings)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(inArray(listings.status, [...from]), lt(listings.eventDate, startOfTodayHelsinki)))
        .returning({ id: listings.id });
      if (expired.length > 0) await this.tell(transaction);
      return expired.length;
    });
  }
}
