import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { usePublicTickets } from '../api/get-public-tickets.ts';
import { hasActiveFilters, type ListParams } from '../list-params.ts';
import { TicketCardStyles, TicketCards } from './ticket-card.tsx';

// Read on the first render (no server rendering here), so the first request has the right size.
const mediaOptions = { noSsr: true } as const;

/** Page size by screen width (spec 01 §9): xs 8, sm 10, md and lg 15, xl 16. */
function usePageSize(): number {
  const xl = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'), mediaOptions);
  const md = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), mediaOptions);
  const sm = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), mediaOptions);
  if (xl) return 16;
  if (md) return 15;
  if (sm) return 10;
  return 8;
}

interface Props {
  params: ListParams;
  onPageChange(page: number): void;
  /** Called once the current page's cards are on screen (for scroll restoration). */
  onShown?(): void;
  /** Drawn beside the result count (the sort select). */
  controls?: ReactNode;
}

export function TicketGrid({ controls, ...props }: Props) {
  return (
    <>
      {/* In every state: the server's page (the grid loading) then carries the cards' styles. */}
      <TicketCardStyles />
      <GridContent {...props} controls={controls} />
    </>
  );
}

function GridContent({ params, onPageChange, onShown, controls }: Props) {
  const pageSize = usePageSize();
  const { data: latest, isError, isPlaceholderData, refetch } = usePublicTickets({ ...params, pageSize });
  // The cards are drawn in a transition: a page of them takes a phone tens of milliseconds, which
  // React then splits into short slices instead of blocking the page when the list arrives.
  const data = useDeferredValue(latest);
  const shown = data !== undefined && data === latest && !isPlaceholderData;

  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);

  const header = (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}
    >
      <Typography role="status" sx={{ fontWeight: 700 }}>
        {data && data.items.length > 0 ? t.resultCount(data.total) : ''}
      </Typography>
      {controls}
    </Stack>
  );

  if (data === undefined && isError) {
    return (
      <>
        {header}
        <Alert severity="error" action={<Button onClick={() => refetch()}>{t.retry}</Button>}>
          {t.loadError}
        </Alert>
      </>
    );
  }
  if (data === undefined) {
    return (
      <>
        {header}
        {/* A screen tall, as the first page of cards will be: what follows the list stays below
            the fold instead of jumping down when the cards arrive (layout shift). */}
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 6, minHeight: '100vh' }}>
          <CircularProgress aria-label={t.loadingTickets} />
        </Box>
      </>
    );
  }
  if (data.items.length === 0) {
    return (
      <>
        {header}
        <Typography role="status" sx={{ py: 6, textAlign: 'center', fontSize: '1.1rem' }}>
          {hasActiveFilters(params) ? t.emptySearch : t.emptyAll}
        </Typography>
      </>
    );
  }

  const page = params.currentPage;
  const pageCount = Math.max(1, Math.ceil(data.total / pageSize));
  return (
    <>
      {header}
      <TicketCards tickets={data.items} maxColumns={4} dimmed={isPlaceholderData} />
      {pageCount > 1 && (
        <Stack
          component="nav"
          aria-label={t.pagination}
          direction="row"
          sx={{ justifyContent: 'center', alignItems: 'center', gap: 2, mt: 4 }}
        >
          <Button
            variant="outlined"
            color="secondary"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            {t.previous}
          </Button>
          <Typography aria-live="polite">{t.page(page)}</Typography>
          <Button
            variant="outlined"
            color="secondary"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            {t.next}
          </Button>
        </Stack>
      )}
    </>
  );
}
