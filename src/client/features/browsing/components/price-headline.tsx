import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { pricesText } from '#client/i18n/fi/prices.ts';
import { formatEuros } from '#shared/money.ts';
import type { PriceSummary } from '#shared/pricing.ts';

/**
 * What the total holds: '2 lippua · 23,18 €/kpl' for a package, and the fee in euros, so that the
 * total less the fee (the ticket's price) can be checked against the face value line.
 */
function priceNote(prices: PriceSummary): string {
  const fee = pricesText.includesFee(prices.buyerFeeCents);
  if (prices.ticketCount === 1) return fee;
  return `${pricesText.ticketCount(prices.ticketCount)} · ${pricesText.perTicket(prices.buyerTotalPerTicketCents)}, ${fee}`;
}

/**
 * The all-in price of the ticket page (the total must be the price shown first), what it holds,
 * the discount if any, and that the ticket itself is at or under face value.
 */
export function PriceHeadline({ prices }: { prices: PriceSummary }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography data-testid="ticket-price" sx={{ fontSize: '2rem', fontWeight: 800 }}>
          {formatEuros(prices.buyerTotalCents)}
        </Typography>
        {prices.percentBelowFaceValue !== null && (
          <Box
            component="span"
            sx={{
              px: 1,
              py: 0.25,
              borderRadius: 3,
              bgcolor: 'success.main',
              color: 'success.contrastText',
              fontWeight: 700,
              fontSize: '0.875rem',
            }}
          >
            {pricesText.belowFaceValue(prices.percentBelowFaceValue)}
          </Box>
        )}
      </Box>
      <Typography data-testid="ticket-price-note" variant="body2" sx={{ color: 'text.secondary' }}>
        {prices.ticketCount > 1 && `${pricesText.total} · `}
        {priceNote(prices)}
      </Typography>
      <Typography
        data-testid="ticket-face-value"
        variant="body2"
        sx={{
          mt: 0.5,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          color: 'success.dark',
          fontWeight: 700,
        }}
      >
        <CheckCircleOutline aria-hidden fontSize="small" />
        {pricesText.faceValueLine(prices)}
      </Typography>
    </>
  );
}

/**
 * On a phone the price box is a screen and a half down the page: this bar keeps the total and the
 * action at the bottom of the screen. The page's end gets room below it, so the bar covers nothing.
 */
export function PhoneBuyBar({ prices, children }: { prices: PriceSummary; children: ReactNode }) {
  const onPhone = { display: { xs: 'flex', md: 'none' } };
  return (
    <>
      <GlobalStyles
        styles={(theme) => ({ [theme.breakpoints.down('md')]: { body: { paddingBottom: 76 } } })}
      />
      <Paper
        component="aside"
        aria-label={pricesText.buyBar}
        elevation={8}
        square
        sx={{
          ...onPhone,
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar - 1,
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1.25,
          pb: 'calc(10px + env(safe-area-inset-bottom))',
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
          <Typography sx={{ fontWeight: 800, fontSize: '1.2rem', lineHeight: 1.2 }}>
            {formatEuros(prices.buyerTotalCents)}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
            {priceNote(prices)}
          </Typography>
        </Box>
        <Box sx={{ flex: '0 0 auto', maxWidth: '60%' }}>{children}</Box>
      </Paper>
    </>
  );
}
