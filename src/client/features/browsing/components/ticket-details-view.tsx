import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Detail, DetailList, SeatLines } from '#client/components/detail-list.tsx';
import { EventCountdown } from '#client/components/event-countdown.tsx';
import { showPlaceholderOnError } from '#client/components/event-image-fallback.ts';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { eventTypeName } from '#shared/categories.ts';
import { finnishTime } from '#shared/dates.ts';
import { summarizePrices } from '#shared/pricing.ts';
import type { BuyAvailability } from '../buy-availability.ts';
import { eventStart, formatEventDate } from '../event-time.ts';
import { PhoneBuyBar, PriceHeadline } from './price-headline.tsx';
import { PurchaseTrust } from './purchase-trust.tsx';
import { TicketCardSection } from './ticket-card-section.tsx';
import { BuyAction, TicketPurchasePanel } from './ticket-purchase-panel.tsx';

interface Props {
  ticket: TicketDetails;
  /** When the ticket's data was fetched (ms). */
  fetchedAt: number;
  availability: BuyAvailability;
  backTo: string;
  /** 'Takaisin' was clicked: may go back in history instead of following the link. */
  onBack(event: MouseEvent): void;
  /** A notice above the details, e.g. for the seller of a sold or pending listing. */
  notice?: string;
  onLogin(): void;
}

/** The public ticket page (spec 01 §2): banner, details, seller, price box, actions, similar tickets. */
export function TicketDetailsView({
  ticket,
  fetchedAt,
  availability,
  backTo,
  onBack,
  notice,
  onLogin,
}: Props) {
  const prices = summarizePrices(ticket);
  const buyAction = <BuyAction ticket={ticket} availability={availability} onLogin={onLogin} />;
  // A ticket someone may buy now or soon: what backs the purchase stands beside the button.
  const onSale =
    availability.canBuy || availability.reason === 'loginRequired' || availability.reason === 'reserved';
  return (
    <>
      <Box sx={{ position: 'relative', height: { xs: 200, md: 260 }, bgcolor: 'primary.light' }}>
        <Box
          component="img"
          src={ticket.eventImage ?? eventImagePlaceholder}
          alt=""
          // The page's largest paint.
          fetchPriority="high"
          onError={showPlaceholderOnError}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Button
          component={RouterLink}
          to={backTo}
          onClick={onBack}
          startIcon={<ArrowBackIcon />}
          color="secondary"
          sx={{ mb: 2 }}
        >
          {t.back}
        </Button>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' }, mb: 2 }}>
          {ticket.eventName}
        </Typography>
        {notice && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {notice}
          </Alert>
        )}
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="ticket-details-title"
              sx={{ p: 3 }}
            >
              <Typography
                id="ticket-details-title"
                component="h2"
                variant="h6"
                sx={{ fontWeight: 700, mb: 2 }}
              >
                {t.details}
              </Typography>
              <DetailList>
                <Detail label={t.date}>
                  {formatEventDate(ticket.eventDate, ticket.eventEndDate, ticket.hasMultipleDays)}
                </Detail>
                {finnishTime(ticket.eventTime) && (
                  <Detail label={t.time}>{finnishTime(ticket.eventTime)}</Detail>
                )}
                {ticket.eventVenue !== 'Unknown' && ticket.eventVenue !== '' && (
                  <Detail label={t.venue}>{ticket.eventVenue}</Detail>
                )}
                <Detail label={t.city}>{ticket.location}</Detail>
                <Detail label={t.eventType}>{eventTypeName(ticket.eventType)}</Detail>
                {ticket.ticketType && <Detail label={t.ticketType}>{ticket.ticketType}</Detail>}
                <Detail label={t.ticketCount}>{t.countBadge(ticket.ticketCount)}</Detail>
                {ticket.hasAssignedSeat && ticket.seatInfo.length > 0 && (
                  <Detail label={t.seats}>
                    <SeatLines seats={ticket.seatInfo} />
                  </Detail>
                )}
                {ticket.additionalInfo && (
                  <Detail label={t.additionalInfo}>
                    <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                      {ticket.additionalInfo}
                    </Box>
                  </Detail>
                )}
              </DetailList>
              <Typography sx={{ mt: 2, fontWeight: 600 }}>
                {t.seller(ticket.sellerDisplayName ?? t.deletedUser)}
              </Typography>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack sx={{ gap: 2 }}>
              <Paper variant="outlined" component="section" aria-label={t.price} sx={{ p: 3 }}>
                <Typography sx={{ color: 'text.secondary', fontWeight: 600 }}>{t.price}</Typography>
                <PriceHeadline prices={prices} />
                {ticket.viewer !== 'seller' && (
                  <>
                    {/* The action first, then the lines it adds up from. */}
                    <Box sx={{ my: 2 }}>
                      <TicketPurchasePanel ticket={ticket} availability={availability} onLogin={onLogin} />
                    </Box>
                    {onSale && (
                      <Box sx={{ mb: 2, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
                        <PurchaseTrust ticket={ticket} />
                      </Box>
                    )}
                    <PriceBreakdown prices={prices} side="buyer" />
                  </>
                )}
                {ticket.viewCount !== null && (
                  <Typography variant="body2" sx={{ mt: 1.5 }}>
                    {t.viewCount(ticket.viewCount)}
                  </Typography>
                )}
                {ticket.status === 'listed' && (
                  <Box sx={{ mt: 1.5 }}>
                    <EventCountdown start={eventStart(ticket.eventDate, ticket.eventTime)} asOf={fetchedAt} />
                  </Box>
                )}
              </Paper>
              {ticket.viewer === 'seller' && (
                <TicketPurchasePanel ticket={ticket} availability={availability} onLogin={onLogin} />
              )}
            </Stack>
          </Grid>
        </Grid>
        {ticket.similar.length > 0 && (
          <TicketCardSection id="similar-title" title={t.similarTitle} tickets={ticket.similar.slice(0, 3)} />
        )}
      </Container>
      {(availability.canBuy || availability.reason === 'loginRequired') && (
        <PhoneBuyBar prices={prices}>{buyAction}</PhoneBuyBar>
      )}
    </>
  );
}
