import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import type { TicketCard as TicketCardData } from '#shared/browsing/public-list.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { hasDiscountBadge } from '#shared/pricing.ts';

export function TicketCard({ ticket }: { ticket: TicketCardData }) {
  const location = useLocation();
  const discounted = hasDiscountBadge(
    ticket.listingPriceCents,
    ticket.originalPriceCents,
    ticket.additionalFeesCents,
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/liput/${ticket.id}`}
        state={{ returnUrl: `${location.pathname}${location.search}`, query: location.search }}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'primary.light' }}>
          <Box
            component="img"
            src={ticket.eventImage ?? eventImagePlaceholder}
            alt=""
            loading="lazy"
            onError={(event) => {
              const img = event.currentTarget;
              if (!img.src.endsWith(eventImagePlaceholder)) img.src = eventImagePlaceholder;
            }}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          {ticket.ticketCount > 1 && (
            <Chip
              label={t.countBadge(ticket.ticketCount)}
              size="small"
              sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper', fontWeight: 700 }}
            />
          )}
          {discounted && (
            <Chip
              label={t.discount}
              size="small"
              color="success"
              sx={{ position: 'absolute', top: 8, right: 8, fontWeight: 700 }}
            />
          )}
        </Box>
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography component="h3" variant="h4" sx={{ fontSize: '1.05rem' }}>
            {ticket.eventName}
          </Typography>
          {ticket.eventVenue !== 'Unknown' && (
            <Typography variant="body2" color="text.secondary">
              {ticket.eventVenue}, {ticket.location}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {finnishDate(new Date(ticket.eventDate))}
          </Typography>
          <Typography sx={{ mt: 'auto', pt: 1, fontWeight: 800, fontSize: '1.15rem' }}>
            {formatEuros(ticket.listingPriceCents)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
