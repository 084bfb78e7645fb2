import ContentCopy from '@mui/icons-material/ContentCopy';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import { formatIban } from '#shared/accounts/iban.ts';
import type { AdminSale } from '#shared/admin/payouts.schema.ts';

const t = adminPayoutsText.dialog;

/**
 * Where the payout goes, shown when a single sale is being marked paid (spec 02 §5): the seller's
 * IBAN with a copy button and the reminder to check it, or a warning that there is none.
 */
export function PayoutIbanBox({ iban }: { iban: string | null }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const titleId = useId();
  if (!iban) return <Alert severity="warning">{t.noIban}</Alert>;
  const copy = () => {
    // A refused clipboard (an old browser, a blocked frame) leaves the IBAN to be selected by hand.
    navigator.clipboard.writeText(iban).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, bgcolor: '#fbf7f2' }}>
      <Typography id={titleId} sx={{ fontWeight: 700, fontSize: '0.875rem', color: 'text.secondary' }}>
        {t.ibanTitle}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, my: 0.5 }}>
        <Typography
          sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '1.1rem', fontWeight: 650 }}
        >
          {formatIban(iban)}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<ContentCopy />} onClick={copy}>
          {t.copyIban}
        </Button>
        <Typography
          role="status"
          sx={{
            fontSize: '0.875rem',
            fontWeight: 650,
            color: copied === false ? 'error.dark' : 'success.dark',
          }}
        >
          {copied === null ? '' : copied ? t.ibanCopied : t.ibanCopyFailed}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 650 }}>{t.checkAccount}</Typography>
    </Paper>
  );
}

/**
 * Other users have the seller's IBAN too (spec 02 §5): how many and who, and what it may mean — the
 * seller lost the old account, or someone is trying to redirect payouts.
 */
export function SharedIbanWarning({ userIds }: { userIds: readonly string[] }) {
  if (userIds.length === 0) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>{t.sharedIbanTitle(userIds.length)}</AlertTitle>
      <Typography sx={{ fontSize: 'inherit' }}>{t.sharedIbanUsers}</Typography>
      <Box
        component="ul"
        sx={{
          my: 0.5,
          pl: 2.5,
          overflowWrap: 'anywhere',
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
        }}
      >
        {userIds.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </Box>
      <Typography sx={{ fontSize: 'inherit' }}>{t.sharedIbanExplain}</Typography>
    </Alert>
  );
}

const markStyle = {
  mt: 0.5,
  mr: 0.5,
  bgcolor: '#fdf0d9',
  color: '#6d3d00',
  '& .MuiChip-icon': { color: '#6d3d00' },
};

/**
 * Marks in the list beside a seller: an IBAN others have too (the dialog says more), and an
 * account deleted since the sale (still to be paid: the details come from its archive).
 */
export function SellerMarks({ seller }: { seller: AdminSale['seller'] }) {
  return (
    <>
      {seller.sharedIbanUserIds.length > 0 && (
        <Chip size="small" icon={<WarningAmber />} label={adminPayoutsText.list.sharedIban} sx={markStyle} />
      )}
      {seller.accountDeleted && (
        <Chip size="small" label={adminPayoutsText.list.accountDeleted} sx={markStyle} />
      )}
    </>
  );
}
