import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { sellingText } from '#client/i18n/fi/selling.ts';
import { finnishDate, finnishTime } from '#shared/dates.ts';
import type { SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { summarizePrices } from '#shared/pricing.ts';

const t = sellingText.created;

/**
 * /lippu-asetettu-myyntiin (spec 02 §2): the listing just sent, as the server stored it, and that it
 * goes on sale after review. Opened without a listing (a bookmark), only the general words.
 */
export function ListingCreatedPage() {
  const listing = (useLocation().state as { listing?: SellerListing } | null)?.listing;

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.2rem' } }}>
        {t.title}
      </Typography>
      <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{t.text}</Typography>
      {listing && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="created-summary"
          sx={{ p: 2.5, mt: 3 }}
        >
          <Typography id="created-summary" variant="h2" sx={{ fontSize: '1.2rem' }}>
            {t.summary}
          </Typography>
          <Typography sx={{ mt: 1, fontWeight: 700 }}>{listing.eventName}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {finnishDate(new Date(listing.eventDate))} {finnishTime(listing.eventTime)} · {listing.eventVenue}
            , {listing.location}
          </Typography>
          <Typography sx={{ mt: 0.5, mb: 1.5 }}>{sellingText.preview.count(listing.ticketCount)}</Typography>
          <PriceBreakdown prices={summarizePrices(listing)} side="seller" />
        </Paper>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/profiili?tab=1" variant="contained">
          {t.toProfile}
        </Button>
        <Button component={RouterLink} to="/myy-lippu" variant="outlined" color="secondary">
          {t.sellAnother}
        </Button>
      </Stack>
    </Container>
  );
}
