import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import type { BulkPayoutUpdateResult } from '#shared/admin/payout-transitions.ts';
import type { AdminSale } from '#shared/admin/payouts.schema.ts';
import { listDay } from '../payout-rules.ts';

const t = adminPayoutsText.refused;

interface Props {
  refused: BulkPayoutUpdateResult['refused'];
  /** The sales the update named, to say which event each refusal is about. */
  sales: readonly AdminSale[];
  onClose(): void;
}

/**
 * The sales of a bulk update that kept their status (held by a complaint or a dispute, or
 * cancelled), each with the server's reason; it stays until closed, as the admin has to act on it.
 */
export function PayoutRefusals({ refused, sales, onClose }: Props) {
  const byId = new Map(sales.map((sale) => [sale.id, sale]));
  return (
    <Alert severity="warning" onClose={onClose}>
      <AlertTitle>{t.title(refused.length)}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {refused.map(({ saleId, message }) => {
          const sale = byId.get(saleId);
          return (
            <li key={saleId}>
              {sale && <strong>{t.sale(sale.eventName, listDay(sale.purchaseDate) ?? '')}: </strong>}
              {message}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
