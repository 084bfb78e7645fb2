import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EventCountdown } from '#client/components/event-countdown.tsx';
import { PurchaseRefundNote, RefundStateChip } from '#client/components/purchase-refund-note.tsx';
import { ticketPackageUrl } from '#client/components/ticket-file-links.tsx';
import { TicketSummaryCard } from '#client/components/ticket-summary-card.tsx';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { finnishDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import type { BoughtTicket } from '#shared/purchases/purchase.schema.ts';

const t = purchasesText.boughtTickets;

/** What a bought ticket's card shows of a complaint about it (the page combines the features). */
export interface TicketComplaintParts {
  /** Among the card's buttons: 'Tee reklamaatio'. */
  action?: ReactNode;
  /** Under the event: where a filed complaint stands. */
  note?: ReactNode;
}

interface Props {
  ticket: BoughtTicket;
  asOf: number;
  complaint?: TicketComplaintParts;
}

/**
 * A ticket the user bought, as the seller's listings look in the next tab: the event, the price
 * paid and the day, its page (where each file opens on its own), the whole package to save, and a
 * complaint about it. A refunded purchase shows its refund instead: no countdown, no files to
 * save and no complaint to file (a filed one's status stays).
 */
export function BoughtTicketCard({ ticket, asOf, complaint }: Props) {
  const { refund } = ticket;
  return (
    <TicketSummaryCard
      ticketId={ticket.ticketId}
      event={ticket}
      badge={refund ? <RefundStateChip refund={refund} /> : undefined}
      facts={[
        { label: t.price, value: formatEuros(ticket.pricePaidCents) },
        { label: t.purchaseDate, value: finnishDate(new Date(ticket.purchaseDate)) },
      ]}
      actions={
        <>
          <Button
            component={RouterLink}
            to={`/liput/${ticket.ticketId}`}
            variant="outlined"
            color="secondary"
            size="small"
          >
            {t.view}
          </Button>
          {!refund && ticket.files.length > 0 && (
            <Button
              component="a"
              href={ticketPackageUrl(ticket.ticketId)}
              download
              variant="contained"
              color="secondary"
              size="small"
            >
              {t.download(ticket.files.length)}
            </Button>
          )}
          {!refund && complaint?.action}
        </>
      }
    >
      {refund ? (
        <PurchaseRefundNote refund={refund} eventName={ticket.eventName} />
      ) : (
        <EventCountdown start={Date.parse(ticket.eventDate)} asOf={asOf} variant="body2" />
      )}
      {complaint?.note}
    </TicketSummaryCard>
  );
}
