import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EventCountdown } from '#client/components/event-countdown.tsx';
import { ShareButton } from '#client/components/share-button.tsx';
import { TicketSummaryCard } from '#client/components/ticket-summary-card.tsx';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { pricesText } from '#client/i18n/fi/prices.ts';
import { isEditable } from '#shared/listings/listing-rules.ts';
import type { ListingStatusCode, SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { formatEuros } from '#shared/money.ts';

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

interface Props {
  listing: SellerListing;
  /** When the list was fetched (ms): the countdown starts from it. */
  asOf: number;
  onRemove(listing: SellerListing): void;
  onDelete(listing: SellerListing): void;
}

/**
 * One of the seller's listings in the profile tab: picture, event, status, what the buyer pays and
 * what the seller is paid, the countdown while on sale, the reason of a rejection, and what can
 * still be done with it (spec 02 §2 "Profile, listing tabs").
 */
export function MyListingCard({ listing, asOf, onRemove, onDelete }: Props) {
  const actions = isEditable(listing.status) && (
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
      facts={[
        { label: pricesText.buyerPays, value: formatEuros(listing.listingPriceCents) },
        { label: pricesText.sellerReceivable, value: formatEuros(listing.sellerReceivableCents) },
      ]}
      actions={actions}
    >
      {listing.status === 'listed' && (
        <EventCountdown start={Date.parse(listing.eventDate)} asOf={asOf} variant="body2" />
      )}
      {listing.status === 'rejected' && listing.rejectionReason && (
        <Typography variant="body2" sx={{ color: 'error.dark' }}>
          {t.card.rejectionReason(listing.rejectionReason)}
        </Typography>
      )}
    </TicketSummaryCard>
  );
}
