import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Detail, DetailList, SeatLines } from '#client/components/detail-list.tsx';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { browsingText } from '#client/i18n/fi/browsing.ts';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { finnishTime } from '#shared/dates.ts';
import { eventPlace } from '#shared/event-place.ts';
import { summarizePrices } from '#shared/pricing.ts';

const labels = browsingText;
const t = purchasesText.checkout;

export type CheckoutTicket = Pick<
  TicketDetails,
  | 'id'
  | 'eventName'
  | 'eventTime'
  | 'eventVenue'
  | 'location'
  | 'ticketType'
  | 'ticketCount'
  | 'hasAssignedSeat'
  | 'seatInfo'
  | 'sellingPriceCents'
  | 'additionalFeesCents'
  | 'originalPriceCents'
>;

/**
 * Step 0 'Vahvista tiedot': what is being bought and the all-in price with what it contains, in
 * the words of the ticket page. The date comes written out by the page (the ticket page's rule).
 */
export function OrderSummary({ ticket, eventDateText }: { ticket: CheckoutTicket; eventDateText: string }) {
  const time = finnishTime(ticket.eventTime);
  const venue = eventPlace(ticket);
  return (
    <Box>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1.5, overflowWrap: 'anywhere' }}>
        {ticket.eventName}
      </Typography>
      <DetailList sx={{ rowGap: { xs: 0.25, sm: 1 }, '& dd': { mb: { xs: 1, sm: 0 } } }}>
        <Detail label={labels.date}>{eventDateText}</Detail>
        {time && <Detail label={labels.time}>{time}</Detail>}
        <Detail label={labels.venue}>{venue}</Detail>
        {ticket.ticketType && <Detail label={labels.ticketType}>{ticket.ticketType}</Detail>}
        <Detail label={labels.ticketCount}>{labels.countBadge(ticket.ticketCount)}</Detail>
        {ticket.hasAssignedSeat && ticket.seatInfo.length > 0 && (
          <Detail label={labels.seats}>
            <SeatLines seats={ticket.seatInfo} />
          </Detail>
        )}
      </DetailList>
      <Divider sx={{ my: 2.5 }} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t.priceTitle}
      </Typography>
      <PriceBreakdown prices={summarizePrices(ticket)} side="buyer" />
      <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
        {t.priceNote}
      </Typography>
    </Box>
  );
}
