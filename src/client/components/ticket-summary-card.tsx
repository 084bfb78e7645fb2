import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { showPlaceholderOnError } from '#client/components/event-image-fallback.ts';
import { pricesText } from '#client/i18n/fi/prices.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import { finnishEventMoment } from '#shared/dates.ts';
import { eventPlace } from '#shared/event-place.ts';

/** What a summary card shows of the event a ticket is for. */
export interface SummaryCardEvent {
  eventName: string;
  eventImage: string | null;
  eventDate: string;
  eventTime: string;
  eventEndDate: string | null;
  eventVenue: string;
  location: string;
  ticketCount: number;
}

interface Props {
  ticketId: string;
  event: SummaryCardEvent;
  /** Above the event's name: a status chip. */
  badge?: ReactNode;
  /** Under the event's lines: a countdown, a reason. */
  children?: ReactNode;
  /** The card's numbers beside the event (a price, a date), already written out. */
  facts: readonly { label: string; value: string }[];
  /** The buttons of the card; without them the card has no action bar. */
  actions?: ReactNode;
}

/**
 * One ticket of the profile's lists (the seller's listings, the buyer's tickets): picture, event,
 * its numbers, and what can be done with it. A phone shows the picture beside the text and the
 * actions in a bar below; wider, the numbers and the actions take a column of their own, so a card
 * stays one picture tall.
 */
export function TicketSummaryCard({ ticketId, event, badge, children, facts, actions }: Props) {
  const titleId = useId();
  const place = eventPlace(event);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        overflow: 'hidden',
        display: 'grid',
        gridTemplateColumns: { xs: '88px minmax(0, 1fr)', sm: '168px minmax(0, 1fr) auto' },
        gridTemplateAreas: {
          xs: '"picture main" "picture facts" "actions actions"',
          sm: '"picture main facts" "picture main actions"',
        },
        gridTemplateRows: { sm: 'auto 1fr' },
      }}
    >
      <Box sx={{ gridArea: 'picture', position: 'relative', minHeight: 112, bgcolor: 'primary.light' }}>
        <Box
          component="img"
          src={event.eventImage ?? eventImagePlaceholder}
          alt=""
          loading="lazy"
          onError={showPlaceholderOnError}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
      <Stack sx={{ gridArea: 'main', gap: 0.5, p: { xs: 1.5, sm: 2 }, pb: { xs: 0.5 } }}>
        {badge}
        <Typography
          component="h3"
          id={titleId}
          sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.1rem' }, lineHeight: 1.3 }}
        >
          <Link component={RouterLink} to={`/liput/${ticketId}`} color="inherit" underline="hover">
            {event.eventName}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {finnishEventMoment(event)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {place} · {pricesText.ticketCount(event.ticketCount)}
        </Typography>
        {children}
      </Stack>
      <Box
        component="dl"
        sx={{
          gridArea: 'facts',
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
        {facts.map((fact) => (
          <Fact key={fact.label} {...fact} />
        ))}
      </Box>
      {actions && (
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
          {actions}
        </Stack>
      )}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </>
  );
}
