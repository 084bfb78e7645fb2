import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { EventCountdown } from '#client/components/event-countdown.tsx';
import { showPlaceholderOnError } from '#client/components/event-image-fallback.ts';
import { ShareButton } from '#client/components/share-button.tsx';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { pricesText } from '#client/i18n/fi/prices.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import { finnishEventMoment } from '#shared/dates.ts';
import type { ListingStatusCode, SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { formatEuros } from '#shared/money.ts';
import { isEditable } from '../listing-groups.ts';

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

function PriceLine({ label, cents }: { label: string; cents: number }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap' }}>
        {formatEuros(cents)}
      </Typography>
    </>
  );
}

/**
 * One of the seller's listings in the profile tab: picture, event, status, what the buyer pays and
 * what the seller is paid, the countdown while on sale, the reason of a rejection, and what can
 * still be done with it (spec 02 §2 "Profile, listing tabs").
 */
export function MyListingCard({ listing, asOf, onRemove, onDelete }: Props) {
  const titleId = useId();
  const place =
    listing.eventVenue && listing.eventVenue !== 'Unknown'
      ? `${listing.eventVenue}, ${listing.location}`
      : listing.location;
  const actionable = isEditable(listing.status);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        overflow: 'hidden',
        display: 'grid',
        // A phone: the picture beside the text, the actions in a bar below. Wider: the prices and
        // the actions in a column of their own, so a card stays one picture tall.
        gridTemplateColumns: { xs: '88px minmax(0, 1fr)', sm: '168px minmax(0, 1fr) auto' },
        gridTemplateAreas: {
          xs: '"picture main" "picture prices" "actions actions"',
          sm: '"picture main prices" "picture main actions"',
        },
        gridTemplateRows: { sm: 'auto 1fr' },
      }}
    >
      <Box sx={{ gridArea: 'picture', position: 'relative', minHeight: 112, bgcolor: 'primary.light' }}>
        <Box
          component="img"
          src={listing.eventImage ?? eventImagePlaceholder}
          alt=""
          loading="lazy"
          onError={showPlaceholderOnError}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
      <Stack sx={{ gridArea: 'main', gap: 0.5, p: { xs: 1.5, sm: 2 }, pb: { xs: 0.5 } }}>
        <Chip
          label={t.status[listing.status]}
          size="small"
          sx={{ alignSelf: 'flex-start', fontWeight: 700, ...statusColours[listing.status] }}
        />
        <Typography
          component="h3"
          id={titleId}
          sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.1rem' }, lineHeight: 1.3 }}
        >
          <Link component={RouterLink} to={`/liput/${listing.id}`} color="inherit" underline="hover">
            {listing.eventName}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {finnishEventMoment(listing)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {place} · {pricesText.ticketCount(listing.ticketCount)}
        </Typography>
        {listing.status === 'listed' && (
          <EventCountdown start={Date.parse(listing.eventDate)} asOf={asOf} variant="body2" />
        )}
        {listing.status === 'rejected' && listing.rejectionReason && (
          <Typography variant="body2" sx={{ color: 'error.dark' }}>
            {t.card.rejectionReason(listing.rejectionReason)}
          </Typography>
        )}
      </Stack>
      <Box
        component="dl"
        sx={{
          gridArea: 'prices',
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'start',
          alignContent: 'start',
          columnGap: 1.5,
          m: 0,
          px: { xs: 1.5, sm: 2 },
          pt: { xs: 0.5, sm: 2 },
          pb: { xs: 1.5, sm: 1 },
        }}
      >
        <PriceLine label={pricesText.buyerPays} cents={listing.listingPriceCents} />
        <PriceLine label={pricesText.sellerReceivable} cents={listing.sellerReceivableCents} />
      </Box>
      {actionable && (
        <Stack
          direction="row"
          sx={{
            gridArea: 'actions',
            flexWrap: 'wrap',
            alignContent: 'flex-end',
            gap: 1,
            px: { xs: 1.5, sm: 2 },
            py: { xs: 1.25, sm: 2 },
            borderTop: 1,
            borderTopWidth: { sm: 0 },
            borderColor: 'divider',
          }}
        >
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
        </Stack>
      )}
    </Paper>
  );
}
