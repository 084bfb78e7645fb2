import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { pricesText as t } from '#client/i18n/fi/prices.ts';
import { formatEuros } from '#shared/money.ts';
import type { PriceSummary } from '#shared/pricing.ts';

interface Line {
  label: string;
  value: string;
  /** 'total' is the line the others add up to; 'note' stands aside (the original price). */
  kind?: 'total' | 'note';
}

/**
 * What a buyer pays or a seller is paid, line by line, from the shared pricing rule: the ticket
 * page, the seller's box, the sell wizard's preview and the checkout all show this. Each block
 * adds up: a rule comes before its result.
 */
export function PriceBreakdown({ prices, side }: { prices: PriceSummary; side: 'buyer' | 'seller' }) {
  const blocks: Line[][] =
    side === 'buyer'
      ? [
          [
            { label: t.ticketPrice(prices.ticketCount), value: formatEuros(prices.ticketPriceCents) },
            { label: t.serviceFee, value: formatEuros(prices.buyerFeeCents) },
          ],
          [{ label: t.buyerTotal, value: formatEuros(prices.buyerTotalCents), kind: 'total' }],
          [{ label: t.faceValue, value: formatEuros(prices.faceValueCents), kind: 'note' }],
        ]
      : [
          [
            { label: t.buyerPays, value: formatEuros(prices.buyerTotalCents) },
            { label: t.buyerServiceFee, value: t.minus(prices.buyerFeeCents) },
          ],
          [
            { label: t.sellerPrice, value: formatEuros(prices.ticketPriceCents) },
            { label: t.sellerServiceFee, value: t.minus(prices.sellerFeeCents) },
          ],
          [{ label: t.sellerReceivable, value: formatEuros(prices.sellerReceivableCents), kind: 'total' }],
        ];
  return (
    <Box component="dl" aria-label={t.breakdownLabel} data-testid={`price-breakdown-${side}`} sx={{ m: 0 }}>
      {blocks.flatMap((block, blockIndex) =>
        block.map((line, lineIndex) => {
          const ruled = blockIndex > 0 && lineIndex === 0 && line.kind !== 'note';
          const muted = line.kind === 'note';
          return (
            <Box
              key={line.label}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'baseline',
                gap: 2,
                py: 0.25,
                ...(ruled && { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.75 }),
                ...(muted && { mt: 1, color: 'text.secondary' }),
              }}
            >
              <Typography
                component="dt"
                sx={{ fontWeight: line.kind === 'total' ? 700 : 400, color: 'inherit' }}
              >
                {line.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  whiteSpace: 'nowrap',
                  fontWeight: line.kind === 'total' ? 800 : 600,
                  color: 'inherit',
                }}
              >
                {line.value}
              </Typography>
            </Box>
          );
        }),
      )}
    </Box>
  );
}
