import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { PurchaseRefundNote } from '#client/components/purchase-refund-note.tsx';
import { ShareButton } from '#client/components/share-button.tsx';
import { TicketFileLinks } from '#client/components/ticket-file-links.tsx';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { editableStatuses } from '#shared/listings/listing-rules.ts';
import { formatEuros } from '#shared/money.ts';
import { summarizePrices } from '#shared/pricing.ts';
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

/**
 * The seller's own view: edit and share while the listing may still change, a way to fix a rejected
 * one, and the numbers of spec 01 §2. A sold ticket's edit page is locked, so it offers neither.
 */
function SellerPanel({ ticket }: { ticket: TicketDetails }) {
  const editable = (editableStatuses as readonly string[]).includes(ticket.status);
  const rejected = ticket.status === 'rejected';
  return (
    <>
      {(editable || rejected) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <Button
            component={RouterLink}
            to={`/muokkaa/${ticket.id}`}
            variant="contained"
            color="secondary"
            size="large"
            sx={{ flex: 1 }}
          >
            {rejected ? t.fixRejected : t.edit}
          </Button>
          {ticket.status === 'listed' && (
            <ShareButton
              listingId={ticket.id}
              title={ticket.eventName}
              variant="outlined"
              color="secondary"
              size="large"
              sx={{ flex: 1 }}
            />
          )}
        </Stack>
      )}
      {/* The page says it is sold; what the seller still has to follow is the payout. */}
      {ticket.status === 'sold' && (
        <Button component={RouterLink} to="/profiili?tab=1" variant="outlined" color="secondary" size="large">
          {t.soldPayoutLink}
        </Button>
      )}
      <Paper variant="outlined" component="section" aria-label={t.sellerBox} sx={{ p: 2, mt: 2 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t.sellerBox}
        </Typography>
        <PriceBreakdown prices={summarizePrices(ticket)} side="seller" />
      </Paper>
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
      <Box sx={{ mt: 2 }}>
        {/* A refunded purchase's files are no longer handed out: its refund stands in their place. */}
        {view.refund ? (
          <PurchaseRefundNote refund={view.refund} eventName={ticket.eventName} />
        ) : (
          <TicketFileLinks ticketId={ticket.id} files={view.files} />
        )}
      </Box>
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
  // Another buyer's hold passes by itself: news, not a warning.
  return (
    <Alert severity={availability.reason === 'reserved' ? 'info' : 'warning'}>{availability.message}</Alert>
  );
}
