import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { SeatLines } from '#client/components/detail-list.tsx';
import { showPlaceholderOnError } from '#client/components/event-image-fallback.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import { formatIban } from '#shared/accounts/iban.ts';
import type { AdminListing } from '#shared/admin/admin.schema.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import { eventTypeName } from '#shared/categories.ts';
import { finnishDate, finnishDateRange, finnishDateTime, finnishTime } from '#shared/dates.ts';
import { eventPlace } from '#shared/event-place.ts';
import { formatEuros } from '#shared/money.ts';
import { personName } from '#shared/person-name.ts';
import { summarizePrices } from '#shared/pricing.ts';
import { UploadCheck } from './upload-check.tsx';

const t = adminText.card;

/** The event's days and time: 'la 27.6.2027 klo 19.00', or a multi-day event's first and last day. */
function eventWhen(listing: AdminListing): string {
  const start = new Date(listing.eventDate);
  const days = listing.eventEndDate
    ? finnishDateRange(start, new Date(listing.eventEndDate))
    : finnishDate(start, { weekday: true });
  const time = finnishTime(listing.eventTime);
  return time ? `${days} ${time}` : days;
}

/** Label beside its value, the label column as wide as `labelWidth`. */
function Fact({
  label,
  labelWidth = '9rem',
  children,
}: {
  label: string;
  labelWidth?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `${labelWidth} minmax(0, 1fr)`, columnGap: 1.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A box of number lines: label left, amount right, the last line (the result) bold. Its region is
 * named after its own heading and the card's (`cardTitleId`): 'Hinnat' alone is repeated on every card.
 */
function Amounts({
  title,
  cardTitleId,
  lines,
}: {
  title: string;
  cardTitleId: string;
  lines: readonly [string, string][];
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={`${headingId} ${cardTitleId}`}
      sx={{ bgcolor: 'grey.50', borderRadius: 1, p: 1.5 }}
    >
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {lines.map(([label, value], index) => {
          const last = index === lines.length - 1;
          return (
            <Box
              key={label}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 2,
                py: 0.25,
                ...(last && { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.5 }),
              }}
            >
              <Typography component="dt" variant="body2" sx={{ fontWeight: last ? 700 : 400 }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap' }}>
                {value}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

interface Props {
  listing: AdminListing;
  /** This card's approval is being sent: its buttons wait. */
  approving: boolean;
  onApprove(listing: AdminListing): void;
  onReject(listing: AdminListing): void;
  onShowPdf(listing: AdminListing): void;
  onChangeImage(listing: AdminListing): void;
}

/**
 * One listing waiting for review (spec 02 §2 "Admin ticket card"): its picture with 'Vaihda kuva',
 * the event, the tickets, the prices (the service fee of both sides together), the seller, what
 * the upload check found, and 'Näytä PDF', 'Hylkää', 'Hyväksy'. A phone stacks it all; wider, the
 * picture, the event and the numbers stand side by side.
 */
export function AdminListingCard({
  listing,
  approving,
  onApprove,
  onReject,
  onShowPdf,
  onChangeImage,
}: Props) {
  const titleId = useId();
  const sellerHeadingId = useId();
  const prices = summarizePrices(listing);
  const { seller } = listing;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        overflow: 'hidden',
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr) 360px' },
        gridTemplateAreas: {
          xs: '"picture" "main" "side" "check" "actions"',
          md: '"picture main side" "check check check" "actions actions actions"',
        },
      }}
    >
      <Box
        sx={{
          gridArea: 'picture',
          position: 'relative',
          aspectRatio: { xs: '16 / 9', md: 'auto' },
          minHeight: { md: 200 },
          bgcolor: 'primary.light',
        }}
      >
        <Box
          component="img"
          src={listing.eventImage ?? eventImagePlaceholder}
          alt=""
          onError={showPlaceholderOnError}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
        <Button
          variant="contained"
          color="inherit"
          size="small"
          startIcon={<ImageOutlined />}
          onClick={() => onChangeImage(listing)}
          disabled={approving}
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 8,
            bgcolor: 'background.paper',
            color: 'text.primary',
            '&:hover': { bgcolor: 'grey.100' },
          }}
        >
          {t.changeImage}
        </Button>
      </Box>

      <Stack sx={{ gridArea: 'main', gap: 1, p: 2, minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Chip
            label={t.count(listing.ticketCount)}
            size="small"
            color="secondary"
            sx={{ fontWeight: 700 }}
          />
          {/* An event cancelled after (or while) the listing came in: the reviewer should not approve it. */}
          {listing.eventCancelled && (
            <Chip
              icon={<EventBusyOutlined />}
              label={t.eventCancelled}
              size="small"
              color="error"
              sx={{ fontWeight: 700 }}
            />
          )}
        </Stack>
        <Typography component="h2" id={titleId} sx={{ fontWeight: 750, fontSize: '1.2rem', lineHeight: 1.3 }}>
          {listing.eventName}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {eventWhen(listing)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {eventPlace(listing)}
        </Typography>
        <Stack component="dl" sx={{ gap: 0.75, m: 0, mt: 1 }}>
          <Fact label={t.eventType}>{eventTypeName(listing.eventType)}</Fact>
          <Fact label={t.ticketType}>{listing.ticketType}</Fact>
          <Fact label={t.seats}>
            {listing.hasAssignedSeat && listing.seatInfo.length > 0 ? (
              <SeatLines seats={listing.seatInfo} />
            ) : (
              t.noSeats
            )}
          </Fact>
          {listing.additionalInfo && (
            <Fact label={t.additionalInfo}>
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {listing.additionalInfo}
              </Box>
            </Fact>
          )}
        </Stack>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t.submitted(finnishDateTime(new Date(listing.createdAt)))}
        </Typography>
      </Stack>

      <Stack sx={{ gridArea: 'side', gap: 1.5, p: 2, pt: { xs: 0, md: 2 }, minWidth: 0 }}>
        <Amounts
          title={t.pricesTitle}
          cardTitleId={titleId}
          lines={[
            [t.faceValue, formatEuros(prices.faceValueCents)],
            [t.sellingPrice, formatEuros(listing.sellingPriceCents)],
            ...(listing.additionalFeesCents > 0
              ? [[t.additionalFees, formatEuros(listing.additionalFeesCents)] as [string, string]]
              : []),
            [t.listingPrice, formatEuros(prices.buyerTotalCents)],
            [t.serviceFees, formatEuros(prices.buyerFeeCents + prices.sellerFeeCents)],
            [t.sellerReceivable, formatEuros(prices.sellerReceivableCents)],
          ]}
        />
        <Box
          component="section"
          aria-labelledby={`${sellerHeadingId} ${titleId}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography
            id={sellerHeadingId}
            component="h3"
            variant="subtitle2"
            sx={{ fontWeight: 700, mb: 0.5 }}
          >
            {t.sellerTitle}
          </Typography>
          <Stack component="dl" sx={{ gap: 0.5, m: 0 }}>
            <Fact label={t.username} labelWidth="7rem">
              {seller.username ?? t.missing}
            </Fact>
            <Fact label={t.fullName} labelWidth="7rem">
              {personName(seller) || t.missing}
            </Fact>
            <Fact label={t.email} labelWidth="7rem">
              <Link href={`mailto:${seller.email}`}>{seller.email}</Link>
            </Fact>
            <Fact label={t.iban} labelWidth="7rem">
              {seller.iban ? (
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.9em' }}>
                  {formatIban(seller.iban)}
                </Box>
              ) : (
                t.noIban
              )}
            </Fact>
          </Stack>
        </Box>
      </Stack>

      <Box sx={{ gridArea: 'check', px: 2, pt: { md: 2 }, pb: 2, minWidth: 0 }}>
        <UploadCheck listing={listing} cardTitleId={titleId} />
      </Box>

      {/* A phone: the PDF across the card, the two decisions side by side under it, thumb-sized. */}
      <Box
        sx={{
          gridArea: 'actions',
          display: { xs: 'grid', md: 'flex' },
          gridTemplateColumns: '1fr 1fr',
          justifyContent: 'flex-end',
          gap: 1,
          p: 1.5,
          px: 2,
          borderTop: 1,
          borderColor: 'divider',
          '& > :first-of-type': { gridColumn: '1 / -1' },
          '& > *': { minHeight: { xs: 44, md: 'auto' } },
        }}
      >
        <Button variant="outlined" color="secondary" onClick={() => onShowPdf(listing)} disabled={approving}>
          {t.showPdf}
        </Button>
        <Button variant="outlined" color="error" onClick={() => onReject(listing)} disabled={approving}>
          {t.reject}
        </Button>
        <SubmitButton
          type="button"
          color="success"
          pending={approving}
          pendingLabel={t.approving}
          onClick={() => onApprove(listing)}
        >
          {t.approve}
        </SubmitButton>
      </Box>
    </Paper>
  );
}
