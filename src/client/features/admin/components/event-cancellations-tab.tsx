import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useState } from 'react';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  type CancellableEvent,
  type EventCancellation,
  maxCancellationReasonLength,
} from '#shared/admin/event-cancellations.schema.ts';
import { finnishDate, finnishDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { useCancelEvent } from '../api/cancel-event.ts';
import { minEventSearchLength, useCancellableEvents } from '../api/find-cancellable-events.ts';
import { useEventCancellations } from '../api/get-event-cancellations.ts';
import { FailedRefundsAlert, RetryRefundButton } from './failed-refunds-alert.tsx';

const t = adminText.cancellations;

const eventKey = (event: CancellableEvent) => `${event.eventName}|${event.eventDate}|${event.location}`;
const countOf = (event: CancellableEvent, status: string) =>
  event.listings.filter((listing) => listing.status === status).length;

/** The admin area's cancelled events: cancel one, and follow each cancellation's refunds. */
export function EventCancellationsTab() {
  return (
    <Stack sx={{ gap: 3, mt: 2 }}>
      <Box>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' }, mb: 1 }}>
          {t.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: '70ch' }}>{t.intro}</Typography>
      </Box>
      <FailedRefundsAlert />
      <CancelEventForm />
      <CancellationList />
    </Stack>
  );
}

function CancelEventForm() {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search);
  const events = useCancellableEvents(term);
  const [chosen, setChosen] = useState<CancellableEvent | null>(null);
  const hintId = useId();

  return (
    <Paper variant="outlined" component="section" aria-label={t.submit} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <TextField
        type="search"
        label={t.searchLabel}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 100, 'aria-describedby': hintId } }}
      />
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t.searchHint}
      </Typography>
      {term.trim().length >= minEventSearchLength && (
        <Box sx={{ mt: 2 }}>
          {events.isPending ? (
            <LoadingSpinner label={t.searching} py={2} />
          ) : events.isError ? (
            <RetryAlert onRetry={() => void events.refetch()}>{t.searchFailed}</RetryAlert>
          ) : events.data.events.length === 0 ? (
            <Typography>{t.noEvents}</Typography>
          ) : (
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
              {events.data.events.map((event) => {
                const selected = chosen !== null && eventKey(chosen) === eventKey(event);
                return (
                  <Paper
                    key={eventKey(event)}
                    component="li"
                    variant="outlined"
                    sx={{
                      p: 1.5,
                      display: 'flex',
                      gap: 1,
                      flexWrap: 'wrap',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      borderColor: selected ? 'primary.main' : undefined,
                    }}
                  >
                    <Box>
                      <Typography sx={{ fontWeight: 700 }}>{event.eventName}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {finnishDate(new Date(event.eventDate))}, {event.eventVenue}, {event.location}
                      </Typography>
                      <Typography variant="body2">
                        {t.listingsOf(
                          countOf(event, 'sold'),
                          countOf(event, 'listed'),
                          countOf(event, 'pending'),
                        )}
                      </Typography>
                    </Box>
                    <Button
                      variant={selected ? 'contained' : 'outlined'}
                      aria-pressed={selected}
                      aria-label={`${selected ? t.chosen : t.choose}: ${event.eventName}`}
                      onClick={() => setChosen(event)}
                    >
                      {selected ? t.chosen : t.choose}
                    </Button>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Box>
      )}
      {chosen && <CancellationDetails key={eventKey(chosen)} event={chosen} onDone={() => setChosen(null)} />}
    </Paper>
  );
}

function CancellationDetails({ event, onDone }: { event: CancellableEvent; onDone(): void }) {
  const [selected, setSelected] = useState(() => new Set(event.listings.map((listing) => listing.id)));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelEvent();
  const chosenListings = event.listings.filter((listing) => selected.has(listing.id));
  const sold = chosenListings.filter((listing) => listing.status === 'sold');
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const fieldError =
    cancel.error instanceof ApiError
      ? cancel.error.issues.find((issue) => issue.path === 'reason')?.message
      : undefined;

  const submit = () =>
    cancel.mutate(
      { listingIds: [...selected], reason },
      {
        onSuccess: () => onDone(),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Box sx={{ mt: 2.5, display: 'grid', gap: 2 }}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t.listingsLegend}
        </Typography>
        {event.listings.map((listing) => (
          <FormControlLabel
            key={listing.id}
            sx={{ display: 'flex' }}
            control={<Checkbox checked={selected.has(listing.id)} onChange={() => toggle(listing.id)} />}
            label={`${t.status[listing.status]} · ${listing.ticketCount} kpl · ${formatEuros(listing.listingPriceCents)}`}
          />
        ))}
      </Box>
      <Typography role="status">
        {t.summary(
          sold.length,
          formatEuros(sold.reduce((sum, listing) => sum + listing.listingPriceCents, 0)),
          chosenListings.length - sold.length,
        )}
      </Typography>
      <TextField
        label={t.reasonLabel}
        value={reason}
        onChange={(change) => setReason(change.target.value)}
        required
        error={fieldError !== undefined}
        helperText={fieldError}
        slotProps={{ htmlInput: { maxLength: maxCancellationReasonLength } }}
      />
      {cancel.isError && fieldError === undefined && (
        <Alert severity="error">{cancel.error instanceof ApiError ? cancel.error.message : t.failed}</Alert>
      )}
      <Box>
        <Button
          variant="contained"
          color="error"
          disabled={chosenListings.length === 0 || reason.trim() === ''}
          onClick={() => setConfirming(true)}
        >
          {t.submit}
        </Button>
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-event-title">
        <DialogTitle id="cancel-event-title">{t.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t.confirmText(event.eventName)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t.cancel}</Button>
          <Button variant="contained" color="error" onClick={submit} disabled={cancel.isPending}>
            {t.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function CancellationList() {
  const cancellations = useEventCancellations();
  return (
    <Box component="section" aria-labelledby="cancellations-title">
      <Typography id="cancellations-title" variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t.listTitle}
      </Typography>
      {cancellations.isPending ? (
        <LoadingSpinner label={t.loading} py={3} />
      ) : cancellations.isError ? (
        <RetryAlert onRetry={() => void cancellations.refetch()}>{t.loadFailed}</RetryAlert>
      ) : cancellations.data.cancellations.length === 0 ? (
        <Typography>{t.empty}</Typography>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
          {cancellations.data.cancellations.map((cancellation) => (
            <CancellationCard key={cancellation.id} cancellation={cancellation} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function CancellationCard({ cancellation }: { cancellation: EventCancellation }) {
  const { listings, refunded, refundsConfirmed, refundsFailed, withdrawn, waiting } = cancellation;
  // Done once every refund is confirmed by the provider; one given up needs an admin.
  const done = cancellation.finishedAt !== null && refundsConfirmed === refunded;
  const failed = refundsFailed > 0;
  const handled = listings - waiting;
  const progress =
    listings === 0
      ? 100
      : Math.round(((handled + refundsConfirmed + refundsFailed) / (listings + refunded)) * 100);
  const chip = failed
    ? { label: t.needsAction, sx: { bgcolor: '#fbe5e3', color: '#a3191b' } }
    : done
      ? { label: t.done, sx: { bgcolor: '#e2f1e3', color: '#1b5e20' } }
      : { label: t.running, sx: { bgcolor: '#e1edf9', color: '#0b4582' } };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={cancellation.eventName}
      sx={{ p: 1.5, display: 'grid', gap: 1, ...(failed && { borderColor: 'error.main' }) }}
    >
      <Stack
        direction="row"
        sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{cancellation.eventName}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {finnishDate(new Date(cancellation.eventDate))} ·{' '}
            {finnishDateTime(new Date(cancellation.createdAt))}
          </Typography>
        </Box>
        <Chip size="small" label={chip.label} sx={{ ...chip.sx, fontWeight: 650 }} />
      </Stack>
      <Typography variant="body2">{t.reasonShown(cancellation.reason)}</Typography>
      <LinearProgress
        variant="determinate"
        value={progress}
        color={failed ? 'error' : 'primary'}
        aria-label={t.progressLabel(cancellation.eventName)}
      />
      <Typography variant="body2">
        {t.progress({ confirmed: refundsConfirmed, refunded, failed: refundsFailed, withdrawn, waiting })}
      </Typography>
      {cancellation.failedRefunds.map((refund) => (
        <Alert key={refund.saleId} severity="error" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t.failedRefund(formatEuros(refund.amountCents))}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {adminText.failedRefunds.error}: {refund.error}
          </Typography>
          <RetryRefundButton
            refund={{
              saleId: refund.saleId,
              eventName: cancellation.eventName,
              amountCents: refund.amountCents,
            }}
          />
        </Alert>
      ))}
    </Paper>
  );
}
