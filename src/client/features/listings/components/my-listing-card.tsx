import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EventCountdown } from '#client/components/event-countdown.tsx';
import { ShareButton } from '#client/components/share-button.tsx';
import { TicketSummaryCard } from '#client/components/ticket-summary-card.tsx';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { pricesText } from '#client/i18n/fi/prices.ts';
import { payoutStatusLabels } from '#shared/admin/payouts.schema.ts';
import { finnishDate, helsinkiDateTime } from '#shared/dates.ts';
import { isEditable } from '#shared/listings/listing-rules.ts';
import type { ListingStatusCode, MyListing, SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { formatEuros } from '#shared/money.ts';
import type { SellerPayout } from '#shared/payouts/seller-payout.schema.ts';

const t = myListingsText;

// Soft backgrounds with dark text of the same hue: every pair keeps at least 4.5:1.
const statusColours: Record<ListingStatusCode, { bgcolor: string; color: string }> = {
  listed: { bgcolor: '#e2f1e3', color: '#1b5e20' },
  pending: { bgcolor: '#fdf0d9', color: '#6d3d00' },
  reserved: { bgcolor: '#e1edf9', color: '#0b4582' },
  sold: { bgcolor: '#3b2a1a', color: '#ffffff' },
  expired: { bgcolor: '#ece7e2', color: '#4a3c30' },
  removed: { bgcolor: '#ece7e2', color: '#4a3c30' },
  rejected: { bgcolor: '#fbe5e3', color: '#a3191b' },
};

/** A Helsinki day 'YYYY-MM-DD' as the card writes it: 'ti 1.12.2026'. */
const dayText = (day: string) => finnishDate(helsinkiDateTime(day, '12:00'), { weekday: true });

/**
 * Where the money of a sold ticket stands: the payout's status, the day it is expected, once paid
 * the day and the reference, and why it waits when it is held (issue 23; docs/decisions/030).
 */
function PayoutInfo({
  payout,
  eventName,
  complaintOnCard,
}: {
  payout: SellerPayout;
  eventName: string;
  /** The card shows the complaint's own notice: the hold's reason does not say it again. */
  complaintOnCard: boolean;
}) {
  const p = t.payout;
  const holdReason =
    payout.holdReason === 'complaint' && complaintOnCard
      ? p.complaintHoldWithNotice
      : payout.holdReason && p.holdReasons[payout.holdReason];
  const lines = [
    payout.expectedDate && p.expected(dayText(payout.expectedDate)),
    payout.paymentDate && p.paidOn(finnishDate(new Date(payout.paymentDate))),
    payout.paymentReference && p.reference(payout.paymentReference),
    holdReason || (payout.status === 'cancelled' && p.cancelled),
  ].filter((line): line is string => Boolean(line));
  return (
    // Named after its listing: the sold group has a region like it on every card.
    <Box component="section" aria-label={p.regionLabel(eventName)} sx={{ mt: 0.5 }}>
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 700 }}>
          {p.title}:
        </Box>{' '}
        {payoutStatusLabels[payout.status]}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ color: 'text.secondary' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

interface Props {
  listing: MyListing;
  /** When the list was fetched (ms): the countdown starts from it. */
  asOf: number;
  onRemove(listing: SellerListing): void;
  onDelete(listing: SellerListing): void;
  /** A sold listing's complaint: the buyer's claim and the way to answer it. */
  complaint?: ReactNode;
}

/**
 * One of the seller's listings in the profile tab: picture, event, status, what the buyer pays and
 * what the seller is paid, the countdown while on sale, the payout once sold, the reason of a
 * rejection, and what can still be done with it (spec 02 §2 "Profile, listing tabs").
 */
export function MyListingCard({ listing, asOf, onRemove, onDelete, complaint }: Props) {
  const rejected = listing.status === 'rejected';
  const editActions = isEditable(listing.status) && (
    <>
      <Button
        component={RouterLink}
        to={`/muokkaa/${listing.id}`}
        variant="contained"
        color="secondary"
        size="small"
      >
        {t.card.edit}
      </Button>
      {listing.status === 'listed' ? (
        <>
          <Button variant="outlined" color="error" size="small" onClick={() => onRemove(listing)}>
            {t.card.remove}
          </Button>
          <ShareButton
            listingId={listing.id}
            title={listing.eventName}
            variant="outlined"
            color="secondary"
            size="small"
          />
        </>
      ) : (
        <Button variant="outlined" color="error" size="small" onClick={() => onDelete(listing)}>
          {t.card.delete}
        </Button>
      )}
    </>
  );
  // A rejected listing can be fixed and sent for review again (the edit page's resubmit form).
  const actions =
    editActions ||
    (rejected && (
      <Button
        component={RouterLink}
        to={`/muokkaa/${listing.id}`}
        variant="contained"
        color="secondary"
        size="small"
      >
        {t.card.fix}
      </Button>
    ));
  return (
    <TicketSummaryCard
      ticketId={listing.id}
      event={listing}
      badge={
        <Chip
          label={t.status[listing.status]}
          size="small"
          sx={{ alignSelf: 'flex-start', fontWeight: 700, ...statusColours[listing.status] }}
        />
      }
      // A rejected listing was never on sale: it has no price for a buyer, nor a payout. A
      // cancelled payout pays nothing: its card says so under 'Tilitys', with no amount to come.
      facts={
        rejected
          ? []
          : [
              { label: pricesText.buyerPays, value: formatEuros(listing.listingPriceCents) },
              ...(listing.payout?.status === 'cancelled'
                ? []
                : [
                    { label: pricesText.sellerReceivable, value: formatEuros(listing.sellerReceivableCents) },
                  ]),
            ]
      }
      actions={actions || undefined}
    >
      {listing.status === 'listed' && (
        <EventCountdown start={Date.parse(listing.eventDate)} asOf={asOf} variant="body2" />
      )}
      {listing.status === 'sold' && listing.payout && (
        <PayoutInfo
          payout={listing.payout}
          eventName={listing.eventName}
          complaintOnCard={Boolean(complaint)}
        />
      )}
      {listing.status === 'sold' && complaint}
      {rejected && (
        <Typography variant="body2" sx={{ color: 'error.dark' }}>
          {t.card.rejectionReason(listing.rejectionReason ?? t.card.noRejectionReason)}
        </Typography>
      )}
    </TicketSummaryCard>
  );
}
