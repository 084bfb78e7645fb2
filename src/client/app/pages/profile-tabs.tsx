import { memo } from 'react';
import { useComplaintsByTicket } from '#client/features/complaints/api/complaints-by-ticket.ts';
import { complaintWindowOpen } from '#client/features/complaints/complaint-rules.ts';
import {
  ComplaintStatusLine,
  FileComplaintButton,
  SellerComplaintNotice,
} from '#client/features/complaints/components/complaint-card-parts.tsx';
import { MyListingsPanel } from '#client/features/listings/components/my-listings-panel.tsx';
import { BoughtTicketsPanel } from '#client/features/purchases/components/bought-tickets-panel.tsx';

// The profile's ticket tabs with what the complaints feature says of each ticket: the buyer's way
// to file a complaint and where it stands, the seller's notice of one (docs/decisions/036).

/**
 * Tab 0: the bought tickets, each with 'Tee reklamaatio' while it may be filed, else its status.
 * Memoised, as the other tab: the page's own updates do not draw every card again.
 */
export const BoughtTicketsTab = memo(function BoughtTicketsTab({ userId }: { userId: string }) {
  const complaints = useComplaintsByTicket(userId, 'buyer');
  return (
    <BoughtTicketsPanel
      userId={userId}
      detailsPending={complaints.pending}
      complaintOf={(ticket, asOf) => {
        if (!complaints.byTicket) return undefined;
        const complaint = complaints.byTicket.get(ticket.ticketId);
        if (complaint) return { note: <ComplaintStatusLine complaint={complaint} /> };
        return complaintWindowOpen(ticket.eventDate, asOf)
          ? { action: <FileComplaintButton ticketId={ticket.ticketId} /> }
          : undefined;
      }}
    />
  );
});

/** Tab 1: the seller's listings, a sold one with the buyer's complaint about it. */
export const MyListingsTab = memo(function MyListingsTab({
  userId,
  onListingChanged,
}: {
  userId: string;
  onListingChanged(listingId: string): void;
}) {
  const complaints = useComplaintsByTicket(userId, 'seller');
  return (
    <MyListingsPanel
      userId={userId}
      onListingChanged={onListingChanged}
      detailsPending={complaints.pending}
      complaintOf={(listing) => {
        const complaint = complaints.byTicket?.get(listing.id);
        return complaint && <SellerComplaintNotice complaint={complaint} />;
      }}
    />
  );
});
