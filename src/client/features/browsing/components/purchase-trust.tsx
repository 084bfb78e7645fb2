import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { complaintWindowHours } from '#shared/complaint-window.ts';
import { helsinkiDate } from '#shared/dates.ts';

function Assurance({ icon, title, children }: { icon: ReactNode; title: string; children: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: 'primary.dark', display: 'flex', pt: 0.25 }}>
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

/** 'jäsen marraskuusta 2025 lähtien', on Helsinki's calendar (the same text on server and browser). */
function memberSince(iso: string): string {
  const [year, month] = helsinkiDate(new Date(iso)).split('-').map(Number);
  return t.trust.memberSince(t.monthsFrom[(month ?? 1) - 1] ?? '', year ?? 0);
}

/**
 * Beside the buy button (decision 031): what our review checked, that the seller is paid only
 * after the event, the complaint window, and how long the seller has been with us and how many
 * sales they have completed. Nothing about the seller beyond the name the page already shows.
 */
export function PurchaseTrust({ ticket }: { ticket: TicketDetails }) {
  const { sellerDisplayName, sellerMemberSince, sellerCompletedSales } = ticket;
  return (
    <Box component="section" aria-labelledby="purchase-trust-title">
      <Typography
        id="purchase-trust-title"
        component="h2"
        variant="subtitle2"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        {t.trust.title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
        <Assurance icon={<FactCheckOutlined fontSize="small" />} title={t.trust.reviewedTitle}>
          {t.trust.reviewed}
        </Assurance>
        <Assurance icon={<AccountBalanceWalletOutlined fontSize="small" />} title={t.trust.paidAfterTitle}>
          {t.trust.paidAfter}
        </Assurance>
        <Assurance
          icon={<ReportProblemOutlined fontSize="small" />}
          title={t.trust.complaintTitle(complaintWindowHours)}
        >
          {t.trust.complaint(complaintWindowHours)}
        </Assurance>
      </Box>
      {sellerDisplayName !== null && sellerMemberSince !== null && sellerCompletedSales !== null && (
        <Typography data-testid="seller-record" variant="body2" sx={{ mt: 1.5 }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {t.trust.seller(sellerDisplayName)}
          </Box>
          {`: ${memberSince(sellerMemberSince)}, ${t.trust.completedSales(sellerCompletedSales)}`}
        </Typography>
      )}
    </Box>
  );
}
