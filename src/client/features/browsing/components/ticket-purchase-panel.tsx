import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { formatEuros } from '#shared/money.ts';
import { summarizePrices } from '#shared/pricing.ts';
import { ticketFileUrl } from '../api/get-ticket-details.ts';
import type { BuyAvailability } from '../buy-availability.ts';
import { formatPurchaseDate } from '../event-time.ts';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 800 : 600 }}>{value}</Typography>
    </Stack>
  );
}

/** The seller's own view: edit and share, and the numbers of spec 01 §2. */
function SellerPanel({ ticket }: { ticket: TicketDetails }) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/liput/jaa/${ticket.id}`);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
        <Button
          component={RouterLink}
          to={`/muokkaa/${ticket.id}`}
          variant="contained"
          color="secondary"
          size="large"
          sx={{ flex: 1 }}
        >
          {t.edit}
        </Button>
        <Button variant="outlined" color="secondary" size="large" onClick={share} sx={{ flex: 1 }}>
          {t.share}
        </Button>
      </Stack>
      <Paper variant="outlined" component="section" aria-label={t.sellerBox} sx={{ p: 2, mt: 2 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t.sellerBox}
        </Typography>
        <PriceBreakdown prices={summarizePrices(ticket)} side="seller" />
      </Paper>
      <Snackbar
        open={copied !== null}
        autoHideDuration={3000}
        onClose={() => setCopied(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {copied ? (
          <Alert
            severity={copied === 'ok' ? 'success' : 'error'}
            variant="filled"
            onClose={() => setCopied(null)}
          >
            {copied === 'ok' ? t.linkCopied : t.copyFailed}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}

/** The buyer's view: price paid and the ticket files. */
function BuyerPanel({ ticket }: { ticket: TicketDetails }) {
  const view = ticket.buyerView;
  if (!view) return null;
  return (
    <Paper variant="outlined" component="section" aria-label={t.purchased} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t.purchased}
      </Typography>
      <Stack sx={{ gap: 0.5 }}>
        <Row label={t.pricePaid} value={formatEuros(view.pricePaidCents)} strong />
        {view.purchaseDate && <Row label={t.purchaseDate} value={formatPurchaseDate(view.purchaseDate)} />}
      </Stack>
      <Stack sx={{ gap: 1.5, mt: 2 }}>
        {view.files.map((file) => (
          <Stack key={file.id} sx={{ gap: 1 }}>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {file.fileName}
            </Typography>
            <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
              <Button
                component="a"
                href={ticketFileUrl(ticket.id, file.id, true)}
                target="_blank"
                rel="noopener"
                variant="outlined"
                color="secondary"
              >
                {t.viewFile}
              </Button>
              <Button
                component="a"
                href={ticketFileUrl(ticket.id, file.id, false)}
                download={file.fileName}
                variant="contained"
                color="secondary"
              >
                {t.downloadFile}
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

interface Props {
  ticket: TicketDetails;
  availability: BuyAvailability;
  onLogin(): void;
}

/**
 * The buy button, or 'log in' for a visitor; null when the viewer cannot buy. The page shows it
 * under the price and, on a phone, in the bar at the bottom of the screen.
 */
export function BuyAction({ ticket, availability, onLogin }: Props) {
  if (availability.canBuy) {
    return (
      <Button
        component={RouterLink}
        to={`/osta/${ticket.id}`}
        variant="contained"
        color="primary"
        size="large"
        fullWidth
      >
        {t.buy(ticket.ticketCount)}
      </Button>
    );
  }
  if (availability.reason === 'loginRequired') {
    return (
      <Button variant="contained" color="primary" size="large" fullWidth onClick={onLogin}>
        {t.logIn}
      </Button>
    );
  }
  return null;
}

/** What the viewer can do (spec 01 §2): buy, log in first, edit and share, or open the bought files. */
export function TicketPurchasePanel({ ticket, availability, onLogin }: Props) {
  if (ticket.viewer === 'seller') return <SellerPanel ticket={ticket} />;
  if (ticket.viewer === 'buyer') return <BuyerPanel ticket={ticket} />;
  if (availability.canBuy) return <BuyAction ticket={ticket} availability={availability} onLogin={onLogin} />;
  if (availability.reason === 'loginRequired') {
    return (
      <Stack sx={{ gap: 1.5 }}>
        <Alert severity="info">{availability.message}</Alert>
        <BuyAction ticket={ticket} availability={availability} onLogin={onLogin} />
      </Stack>
    );
  }
  return <Alert severity="warning">{availability.message}</Alert>;
}
