import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import type { AdminSale } from '#shared/admin/payouts.schema.ts';
import { formatEuros } from '#shared/money.ts';
import { choiceState, listDay, sellerName } from '../payout-rules.ts';
import { SellerMarks } from './payout-iban.tsx';
import { OpenComplaintLink, PaymentIssueNote, PayoutStatusChip } from './payout-status-chip.tsx';

const t = adminPayoutsText.list;

export interface PayoutSalesViewProps {
  sales: readonly AdminSale[];
  chosen: ReadonlySet<string>;
  onChoose(saleId: string, chosen: boolean): void;
  onChooseAll(chosen: boolean): void;
  onUpdate(sale: AdminSale): void;
}

/** An e-mail address that may break after its '@' rather than anywhere in a narrow column. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const secondLine = { display: 'block', color: 'text.secondary', fontSize: '0.8125rem' } as const;

/**
 * The sales as a table (spec 02 §2) from the tablet width up (a phone gets `PayoutSaleCards`).
 * The payment date and the reference share a column, so the row fits a laptop without scrolling;
 * a narrower window scrolls the table sideways, the choice box and the purchase first.
 */
export function PayoutSalesTable({ sales, chosen, onChoose, onChooseAll, onUpdate }: PayoutSalesViewProps) {
  const all = choiceState(sales, chosen);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label={t.label}
        sx={{
          '& td, & th': { px: 1, verticalAlign: 'top', overflowWrap: 'break-word' },
          '& td:first-of-type, & th:first-of-type': { pl: 0.5, pr: 0, pt: 0.25 },
        }}
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 700, lineHeight: 1.3, verticalAlign: 'bottom' } }}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all.all}
                indeterminate={all.some}
                onChange={(event) => onChooseAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': t.selectAll } }}
              />
            </TableCell>
            <TableCell>{t.purchaseDate}</TableCell>
            <TableCell>{t.event}</TableCell>
            <TableCell>{t.buyer}</TableCell>
            <TableCell>{t.seller}</TableCell>
            <TableCell align="right">{t.sellerReceivable}</TableCell>
            <TableCell align="right">{t.serviceFee}</TableCell>
            <TableCell>{t.status}</TableCell>
            <TableCell>{t.paymentDateAndReference}</TableCell>
            <TableCell>{t.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sales.map((sale) => {
            const purchaseDay = listDay(sale.purchaseDate) ?? '';
            return (
              <TableRow key={sale.id} hover selected={chosen.has(sale.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={chosen.has(sale.id)}
                    onChange={(event) => onChoose(sale.id, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t.selectSale(sale.eventName, purchaseDay) } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{purchaseDay}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <Typography
                    component="span"
                    sx={{ display: 'block', fontWeight: 650, fontSize: 'inherit' }}
                  >
                    {sale.eventName}
                  </Typography>
                  <Box component="span" sx={secondLine}>
                    {listDay(sale.eventDate)}
                  </Box>
                </TableCell>
                <TableCell>
                  <EmailText email={sale.buyer.email} />
                </TableCell>
                <TableCell>
                  {sellerName(sale.seller)}
                  <Box component="span" sx={secondLine}>
                    <EmailText email={sale.seller.email} />
                  </Box>
                  <SellerMarks seller={sale.seller} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 650 }}>
                  {formatEuros(sale.sellerReceivableCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuros(sale.totalServiceFeeCents)}
                </TableCell>
                <TableCell>
                  <PayoutStatusChip status={sale.payout.status} />
                  <PaymentIssueNote issue={sale.payout.paymentIssue} sx={{ maxWidth: 180 }} />
                  <OpenComplaintLink open={sale.payout.hasReclamation} />
                </TableCell>
                <TableCell sx={{ minWidth: 100 }}>
                  {listDay(sale.payout.paymentDate) ?? t.none}
                  {sale.payout.paymentReference && (
                    <Box component="span" sx={secondLine}>
                      {sale.payout.paymentReference}
                    </Box>
                  )}
                </TableCell>
                <TableCell>
                  <Button size="small" variant="outlined" onClick={() => onUpdate(sale)}>
                    {t.update}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
