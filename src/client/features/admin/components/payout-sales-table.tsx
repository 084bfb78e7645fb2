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
import { SharedIbanMark } from './payout-iban.tsx';
import { PayoutStatusChip } from './payout-status-chip.tsx';

const t = adminPayoutsText.list;

export interface PayoutSalesViewProps {
  sales: readonly AdminSale[];
  chosen: ReadonlySet<string>;
  onChoose(saleId: string, chosen: boolean): void;
  onChooseAll(chosen: boolean): void;
  onUpdate(sale: AdminSale): void;
}

// The action column's header is for screen readers: the buttons say what they do.
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const secondary = { color: 'text.secondary', fontSize: '0.8125rem' } as const;

/** The sales as a table (spec 02 §2), from the tablet width up; a phone gets `PayoutSaleCards`. */
export function PayoutSalesTable({ sales, chosen, onChoose, onChooseAll, onUpdate }: PayoutSalesViewProps) {
  const all = choiceState(sales, chosen);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t.label} sx={{ '& td, & th': { px: 1, verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 700, whiteSpace: 'nowrap', verticalAlign: 'bottom' } }}>
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
            <TableCell>{t.paymentDate}</TableCell>
            <TableCell>{t.reference}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t.actions}
              </Box>
            </TableCell>
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
                <TableCell sx={{ whiteSpace: 'nowrap', pt: 1.25 }}>{purchaseDay}</TableCell>
                <TableCell sx={{ minWidth: 150 }}>
                  <Typography sx={{ fontWeight: 650, fontSize: 'inherit' }}>{sale.eventName}</Typography>
                  <Typography sx={secondary}>{listDay(sale.eventDate)}</Typography>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 110 }}>{sale.buyer.email}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 130 }}>
                  <Typography sx={{ fontSize: 'inherit' }}>{sellerName(sale.seller)}</Typography>
                  <Typography sx={secondary}>{sale.seller.email}</Typography>
                  {sale.seller.sharedIbanUserIds.length > 0 && <SharedIbanMark />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuros(sale.sellerReceivableCents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuros(sale.totalServiceFeeCents)}
                </TableCell>
                <TableCell>
                  <PayoutStatusChip status={sale.payout.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {listDay(sale.payout.paymentDate) ?? t.none}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 80 }}>
                  {sale.payout.paymentReference || t.none}
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
