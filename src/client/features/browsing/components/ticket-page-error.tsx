import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import type { TicketCard } from '#shared/browsing/public-list.schema.ts';
import { TicketCardSection } from './ticket-card-section.tsx';

interface Props {
  message: string;
  backTo: string;
  onRetry?(): void;
  /** Listed tickets of the same event, offered instead of a dead end (a sold or expired ticket). */
  sameEvent?: TicketCard[];
}

/** The ticket page's error states (spec 01 §8): missing, not listed, past, expired, sold, failed to load. */
export function TicketPageError({ message, backTo, onRetry, sameEvent = [] }: Props) {
  return (
    <Container maxWidth={sameEvent.length > 0 ? 'lg' : 'sm'} sx={{ py: { xs: 6, md: 10 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.7rem', md: '2.2rem' }, mb: 3 }}>
        {message}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {onRetry && (
          <Button variant="contained" color="secondary" onClick={onRetry}>
            {t.retry}
          </Button>
        )}
        <Button component={RouterLink} to={backTo} variant="outlined" color="secondary">
          {backTo === '/' ? t.backToHome : t.back}
        </Button>
      </Stack>
      {sameEvent.length > 0 && (
        <TicketCardSection id="same-event-title" title={t.sameEventTitle} tickets={sameEvent} />
      )}
    </Container>
  );
}
