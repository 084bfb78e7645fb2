import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import type { BoughtTicket } from '#shared/purchases/purchase.schema.ts';
import { useBoughtTickets } from '../api/get-bought-tickets.ts';
import { BoughtTicketCard, type TicketComplaintParts } from './bought-ticket-card.tsx';

const t = purchasesText.boughtTickets;

interface Props {
  userId: string;
  /** What each card shows of a complaint about its ticket, `asOf` the time the list was fetched (ms). */
  complaintOf?(ticket: BoughtTicket, asOf: number): TicketComplaintParts | undefined;
  /** What `complaintOf` tells is still coming: the list waits, so its cards are drawn once. */
  detailsPending?: boolean;
}

/**
 * The profile's bought tickets tab (spec 01 §2 Profile): each ticket to view, to download and to
 * complain about.
 */
export function BoughtTicketsPanel({ userId, complaintOf, detailsPending = false }: Props) {
  const tickets = useBoughtTickets(userId);

  if (tickets.isPending || detailsPending) {
    return <LoadingSpinner label={t.loading} />;
  }
  if (tickets.isError) {
    return <RetryAlert onRetry={() => void tickets.refetch()}>{t.loadFailed}</RetryAlert>;
  }
  if (tickets.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.7rem' } }}>
          {t.title}
        </Typography>
        <Typography sx={{ mt: 1.5, mb: 3, color: 'text.secondary' }}>{t.emptyText}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t.browseTickets}
        </Button>
      </Paper>
    );
  }
  return (
    <Box component="section" aria-labelledby="bought-tickets-title">
      <Typography
        component="h2"
        id="bought-tickets-title"
        sx={{ fontSize: { xs: '1.3rem', md: '1.45rem' }, fontWeight: 750, mb: 1.5 }}
      >
        {t.title}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          ({tickets.data.length})
        </Box>
      </Typography>
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {tickets.data.map((ticket) => (
          <li key={ticket.ticketId}>
            <BoughtTicketCard
              ticket={ticket}
              asOf={tickets.dataUpdatedAt}
              complaint={complaintOf?.(ticket, tickets.dataUpdatedAt)}
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}
