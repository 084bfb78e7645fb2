import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Detail, DetailList } from '#client/components/detail-list.tsx';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import { formatEuros } from '#shared/money.ts';
import { choiceState, listDay, sellerName } from '../payout-rules.ts';
import { SellerMarks } from './payout-iban.tsx';
import { EmailText, type PayoutSalesViewProps } from './payout-sales-table.tsx';
import { OpenComplaintLink, PaymentIssueNote, PayoutStatusChip } from './payout-status-chip.tsx';

const t = adminPayoutsText.list;

/**
 * The sales on a phone: a card per sale, the same facts as the table's row, the status and the
 * choice box at the top where the thumb finds them.
 */
export function PayoutSaleCards({ sales, chosen, onChoose, onChooseAll, onUpdate }: PayoutSalesViewProps) {
  const all = choiceState(sales, chosen);
  return (
    <Box>
      <FormControlLabel
        label={t.selectAll}
        sx={{ ml: 0.25, mb: 0.5 }}
        control={
          <Checkbox
            checked={all.all}
            indeterminate={all.some}
            onChange={(event) => onChooseAll(event.target.checked)}
          />
        }
      />
      <Stack component="ul" aria-label={t.label} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {sales.map((sale) => {
          const purchaseDay = listDay(sale.purchaseDate) ?? '';
          const isChosen = chosen.has(sale.id);
          return (
            <Paper
              component="li"
              key={sale.id}
              variant="outlined"
              sx={{ p: 1.5, pt: 1, ...(isChosen && { borderColor: 'primary.dark', bgcolor: '#fbf4ec' }) }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Checkbox
                  checked={isChosen}
                  onChange={(event) => onChoose(sale.id, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t.selectSale(sale.eventName, purchaseDay) } }}
                  sx={{ ml: -1, mt: -0.25 }}
                />
                <Box sx={{ flex: 1, minWidth: 0, pt: 0.75 }}>
                  <Typography component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                    {sale.eventName}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
                    {listDay(sale.eventDate)}
                  </Typography>
                </Box>
                <Box sx={{ pt: 0.75 }}>
                  <PayoutStatusChip status={sale.payout.status} />
                </Box>
              </Box>
              <PaymentIssueNote issue={sale.payout.paymentIssue} />
              <OpenComplaintLink open={sale.payout.hasReclamation} />
              <DetailList sx={{ gridTemplateColumns: { xs: 'auto 1fr' }, columnGap: 2, rowGap: 0.5, my: 1 }}>
                <Detail small label={t.sellerReceivable}>
                  <strong>{formatEuros(sale.sellerReceivableCents)}</strong>
                </Detail>
                <Detail small label={t.serviceFee}>
                  {formatEuros(sale.totalServiceFeeCents)}
                </Detail>
                <Detail small label={t.seller}>
                  {sellerName(sale.seller)}
                  <br />
                  <EmailText email={sale.seller.email} />
                  <SellerMarks seller={sale.seller} />
                </Detail>
                <Detail small label={t.buyer}>
                  <EmailText email={sale.buyer.email} />
                </Detail>
                <Detail small label={t.purchaseDate}>
                  {purchaseDay}
                </Detail>
                <Detail small label={t.paymentDate}>
                  {listDay(sale.payout.paymentDate) ?? t.none}
                </Detail>
                <Detail small label={t.reference}>
                  {sale.payout.paymentReference || t.none}
                </Detail>
              </DetailList>
              <Button variant="outlined" size="small" fullWidth onClick={() => onUpdate(sale)}>
                {t.update}
              </Button>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
