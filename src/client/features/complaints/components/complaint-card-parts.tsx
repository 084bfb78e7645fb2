import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import { complaintStatusLabels } from '#shared/complaints/complaint-rules.ts';
import type { MyComplaints } from '#shared/complaints/complaints.schema.ts';

// What the profile's cards show of a complaint: the buyer's way to file one, where a filed one
// stands, and the seller's notice that their sale has one.

const t = complaintsText.cards;
type MyComplaint = MyComplaints['complaints'][number];

export const complaintPath = (ticketId: string) => `/liput/${ticketId}/reklamaatio`;

/** 'Tee reklamaatio' on a bought ticket while the complaint window is open. */
export function FileComplaintButton({ ticketId }: { ticketId: string }) {
  return (
    <Button
      component={RouterLink}
      to={complaintPath(ticketId)}
      variant="outlined"
      color="secondary"
      size="small"
    >
      {t.fileComplaint}
    </Button>
  );
}

/** A complaint's status on a card and the way to it ('Näytä reklamaatio', or the seller's 'Vastaa'). */
export function ComplaintStatusLine({ complaint }: { complaint: MyComplaint }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ fontWeight: 700 }}>
        {t.status(complaintStatusLabels[complaint.status])}
      </Box>
      {' · '}
      <Link component={RouterLink} to={complaintPath(complaint.ticketId)} sx={{ fontWeight: 600 }}>
        {complaint.awaitsResponse ? t.answer : t.view}
      </Link>
    </Typography>
  );
}

/** A sold ticket's complaint, for its seller: the notice, then its status and the way to it. */
export function SellerComplaintNotice({ complaint }: { complaint: MyComplaint }) {
  return (
    <Box sx={{ mt: 0.5 }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 700, color: complaint.status === 'open' ? 'error.dark' : undefined }}
      >
        {t.sellerNotice}
      </Typography>
      <ComplaintStatusLine complaint={complaint} />
    </Box>
  );
}
