import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TicketCard } from '#shared/browsing/public-list.schema.ts';
import { TicketCardStyles, TicketCards } from './ticket-card.tsx';

/** A titled row of ticket cards below a ticket page: similar tickets, or the same event's. */
export function TicketCardSection({
  id,
  title,
  tickets,
}: {
  id: string;
  title: string;
  tickets: TicketCard[];
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: { xs: 5, md: 7 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.9rem' }, mb: 3 }}>
        {title}
      </Typography>
      <TicketCardStyles />
      <TicketCards tickets={tickets} maxColumns={3} />
    </Box>
  );
}
