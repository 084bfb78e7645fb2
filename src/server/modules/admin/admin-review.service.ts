import type {
  AdminDuplicateAttempt,
  AdminListing,
  AdminListingFiles,
  AdminSeller,
} from '#shared/admin/admin.schema.ts';
import { helsinkiDate } from '#shared/dates.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { MailQueued } from '../../platform/mail/outbox.ts';
import { findUsersForAdmin, type UserForAdmin } from '../accounts/accounts.service.ts';
import type { ListingLifecycle } from '../listings/listing-lifecycle.ts';
import { type DuplicateAttempt, listListingsUnderReview } from '../listings/listing-review.ts';
import { findListingWithFiles, findListingWithSeller } from '../listings/listings.service.ts';
import { recordAdminAction } from './admin-audit.ts';
import { cancelledEvents } from './event-cancellations.ts';
import { queueApprovalMail, queueRejectionMail } from './moderation-mails.ts';

// The listing review (spec 02 §2 "Admin panel", §4 "Admin approval" and "Admin rejection"): the
// listings come from modules/listings, their people from modules/accounts; this composes them
// and makes each decision one transaction of status, analytics, audit row and mail.

const notFound = () => new AppError('not-found', { message: sellingMessages.notFound });

/** A user the review names, as the card shows them; an unknown id shows as an empty record. */
function sellerOf(users: Map<string, UserForAdmin>, id: string): AdminSeller {
  return users.get(id) ?? { id, username: null, firstName: null, lastName: null, email: '', iban: null };
}

/**
 * GET /api/admin/listings?status=pending: newest first, each with its seller, upload findings and
 * whether its event has been cancelled (read now, so a cancellation recorded after the listing
 * came in is flagged too).
 */
export async function pendingListings(db: Db): Promise<AdminListing[]> {
  const listings = await listListingsUnderReview(db);
  const users = await findUsersForAdmin(db, [
    ...listings.map((listing) => listing.sellerId),
    ...listings.flatMap((listing) =>
      [...listing.sellerDuplicateAttempts, ...listing.duplicateAttemptsOnListing].map(
        (attempt) => attempt.attemptedBy,
      ),
    ),
  ]);
  const cancelled = await cancelledEvents(
    db,
    listings.map((listing) => ({
      eventName: listing.eventName,
      day: helsinkiDate(new Date(listing.eventDate)),
    })),
  );
  const attempt = (row: DuplicateAttempt): AdminDuplicateAttempt => {
    const { id, username, email } = sellerOf(users, row.attemptedBy);
    return { ...row, attemptedAt: row.attemptedAt.toISOString(), attemptedBy: { id, username, email } };
  };
  return listings.map(
    ({ sellerId, sellerDuplicateAttempts, duplicateAttemptsOnListing, ...listing }, index) => ({
      ...listing,
      seller: sellerOf(users, sellerId),
      sellerDuplicateAttempts: sellerDuplicateAttempts.map(attempt),
      duplicateAttemptsOnListing: duplicateAttemptsOnListing.map(attempt),
      eventCancelled: cancelled[index] === true,
    }),
  );
}

/**
 * GET /api/admin/listings/:id/files: each file of a listing of any status, by the ticket routes
 * that stream them or draw their pages (which let an admin have them while the admin area is open).
 */
export async function listingFiles(db: Db, listingId: string): Promise<AdminListingFiles> {
  const listing = await findListingWithFiles(db, listingId);
  if (!listing) throw notFound();
  const ticket = `/api/tickets/${listing.id}`;
  return {
    eventName: listing.eventName,
    files: listing.files.map((file) => ({
      id: file.id,
      fileName: file.fileName,
      url: `${ticket}/files/${file.id}`,
      pageCount: file.pageCount,
      pagesUrl: `${ticket}/files/${file.id}/pages/`,
    })),
    downloadUrl: `${ticket}/download`,
  };
}

export interface ModerationDeps {
  db: Db;
  listings: ListingLifecycle;
  publicUrl: string;
  mailQueued: MailQueued;
}

/** Why a moderation lost: the listing is gone (404), or someone decided first / it is not pending (409). */
async function lostModeration(executor: Executor, listingId: string): Promise<AppError> {
  return (await findListingWithSeller(executor, listingId))
    ? new AppError('listing-already-moderated')
    : notFound();
}

/** The listing as its mail describes it; it exists, since this transaction just changed it. */
async function moderatedListing(executor: Executor, listingId: string) {
  const found = await findListingWithSeller(executor, listingId);
  if (!found) throw new Error(`listing ${listingId} vanished inside its own moderation`);
  return found.listing;
}

/** Puts a pending listing on sale; of any number of admins at once, one wins. */
export async function approveListing(
  deps: ModerationDeps,
  listingId: string,
  adminId: string,
): Promise<{ id: string; status: 'listed' }> {
  await inTransaction(deps.db, async (transaction) => {
    const { tx } = transaction;
    if (!(await deps.listings.approve(transaction, listingId, adminId)))
      throw await lostModeration(tx, listingId);
    await recordAdminAction(tx, {
      adminId,
      action: 'listing.approve',
      entityType: 'listing',
      entityId: listingId,
      before: { status: 'pending' },
      after: { status: 'listed' },
    });
    await queueApprovalMail(tx, deps.publicUrl, await moderatedListing(tx, listingId));
  });
  deps.mailQueued();
  return { id: listingId, status: 'listed' };
}

/** Turns a pending listing down with the reason the seller is mailed; of any number of admins at once, one wins. */
export async function rejectListing(
  deps: ModerationDeps,
  listingId: string,
  adminId: string,
  reason: string,
): Promise<{ id: string; status: 'rejected' }> {
  await inTransaction(deps.db, async (transaction) => {
    const { tx } = transaction;
    if (!(await deps.listings.reject(transaction, listingId, adminId, reason)))
      throw await lostModeration(tx, listingId);
    await recordAdminAction(tx, {
      adminId,
      action: 'listing.reject',
      entityType: 'listing',
      entityId: listingId,
      before: { status: 'pending' },
      after: { status: 'rejected', rejectionReason: reason },
    });
    await queueRejectionMail(tx, deps.publicUrl, await moderatedListing(tx, listingId), reason);
  });
  deps.mailQueued();
  return { id: listingId, status: 'rejected' };
}
