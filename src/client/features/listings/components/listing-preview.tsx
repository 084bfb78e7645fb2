import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { sellingText } from '#client/i18n/fi/selling.ts';
import { generalDefaultImage } from '#shared/categories.ts';
import { finnishDate, finnishTime, helsinkiDateTime } from '#shared/dates.ts';
import type { ListingFormInput } from '#shared/listings/listing.schema.ts';
import { isValidIsoDate, listingPriceCents } from '#shared/listings/listing-fields.ts';
import { priceTextPattern } from '#shared/listings/price-text.ts';
import { formatEuros } from '#shared/money.ts';
import { summarizePrices } from '#shared/pricing.ts';

const t = sellingText.preview;

const dateText = (date: string | undefined) =>
  date && isValidIsoDate(date) ? finnishDate(helsinkiDateTime(date, '12:00')) : undefined;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One ticket's seat as the buyer will read it: 'Sektori A, Rivi 3, Paikka 7'. */
function seatText(seat: { sector?: string; row?: string; seat?: string }): string | undefined {
  const parts = [
    seat.sector?.trim() && `Sektori ${seat.sector.trim()}`,
    seat.row?.trim() && `Rivi ${seat.row.trim()}`,
    seat.seat?.trim() && `Paikka ${seat.seat.trim()}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

const ticketCountOf = (values: Partial<ListingFormInput>) =>
  Math.min(6, Math.max(1, Number(values.ticketCount) || 1));

/**
 * The prices of the wizard's values as typed so far: the cents, and what the buyer pays and the
 * seller is paid once the selling price (and the fees, if any) can be read.
 */
export function typedPrices(values: Partial<ListingFormInput>) {
  const sellingValid = priceTextPattern.test(values.sellingPrice?.trim() ?? '');
  const feesValid =
    values.hasAdditionalFee !== 'kylla' || priceTextPattern.test(values.additionalFees?.trim() ?? '');
  const cents = listingPriceCents({
    originalPrice: values.originalPrice ?? '',
    sellingPrice: values.sellingPrice ?? '',
    hasAdditionalFee: values.hasAdditionalFee ?? 'ei',
    additionalFees: values.additionalFees ?? '',
  });
  const prices =
    sellingValid && feesValid && cents.sellingPriceCents > 0
      ? summarizePrices({ ...cents, ticketCount: ticketCountOf(values) })
      : undefined;
  return { cents, prices };
}

/**
 * 'Lipun esikatselu' (spec 02 §2 "Listing summary card"): the listing as it is being typed, with
 * what the buyer pays and what the seller receives from the first price typed, by the same rule
 * the server stores.
 */
export function ListingPreview({ values }: { values: Partial<ListingFormInput> }) {
  const notDefined = t.notDefined;
  const text = (value: string | undefined) => value?.trim() || notDefined;
  const start = dateText(values.eventDate);
  const end = values.hasMultipleDays ? dateText(values.eventEndDate) : undefined;
  const time = /^\d{2}:\d{2}$/.test(values.eventTime ?? '')
    ? finnishTime(values.eventTime ?? '').replace(/^klo /, '')
    : undefined;
  const count = ticketCountOf(values);
  const { cents, prices } = typedPrices(values);

  const seats = values.seatInfo ?? [];
  return (
    <Paper
      component="section"
      aria-labelledby="listing-preview-title"
      variant="outlined"
      sx={{ width: '100%', minWidth: { sm: 320 }, maxWidth: 420, overflow: 'hidden' }}
    >
      <Box
        component="img"
        src={values.eventImage || generalDefaultImage}
        alt={t.imageAlt}
        width={420}
        height={236}
        sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover' }}
        onError={(event) => {
          // A picture that fails (a catalogue link gone) falls back to the general default.
          const image = event.currentTarget;
          if (!image.src.endsWith(generalDefaultImage)) image.src = generalDefaultImage;
        }}
      />
      <Box sx={{ p: 2 }}>
        <Typography id="listing-preview-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {t.title}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t.event}>{text(values.eventName)}</Row>
          <Row label={t.location}>
            {values.eventVenue?.trim() || values.location?.trim()
              ? [values.eventVenue?.trim(), values.location?.trim()].filter(Boolean).join(', ')
              : notDefined}
          </Row>
          <Row label={t.dateTime}>
            {start ? (end ? `${start} – ${end}` : start) : notDefined}
            {time && (
              <>
                <br />
                {t.time(time)}
              </>
            )}
          </Row>
          {values.hasAssignedSeat === 'kylla' && (
            <Row label={t.seats}>
              {seats.length === 0
                ? t.noSeats
                : seats.map((seat, index) => (
                    <Box component="span" key={index} sx={{ display: 'block' }}>
                      {t.seatLine(index + 1, seatText(seat) ?? t.noSeats)}
                    </Box>
                  ))}
            </Row>
          )}
          <Row label={t.prices}>
            <Box component="span" sx={{ display: 'block', mb: 0.5 }}>
              {t.ticketCount}: {t.count(count)}
            </Box>
            {prices ? <PriceBreakdown prices={prices} side="seller" /> : notDefined}
            {values.hasAdditionalFee === 'kylla' && cents.additionalFeesCents > 0 && (
              <Chip size="small" sx={{ mt: 1 }} label={t.extraFee(formatEuros(cents.additionalFeesCents))} />
            )}
          </Row>
          {values.additionalInfo?.trim() && (
            <Row label={t.additionalInfo}>{values.additionalInfo.trim()}</Row>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
