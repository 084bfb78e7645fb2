import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DoneSnackbar } from '#client/components/done-snackbar.tsx';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { useDialogTarget } from '#client/components/use-dialog-target.ts';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import type { BulkPayoutUpdateResult } from '#shared/admin/payout-transitions.ts';
import {
  type AdminSale,
  type PayoutStatusCode,
  payoutStatuses,
  payoutStatusLabels,
} from '#shared/admin/payouts.schema.ts';
import { useAdminSales } from '../api/get-admin-sales.ts';
import { salesCsvUrl } from '../api/get-sales-csv.ts';
import { chosenOnList, statusFilterParam, statusFromParam } from '../payout-rules.ts';
import { PayoutRefusals } from './payout-refusals.tsx';
import { PayoutSaleCards } from './payout-sale-cards.tsx';
import { PayoutSalesTable } from './payout-sales-table.tsx';
import { type PayoutDialogTarget, PayoutStatusDialog } from './payout-status-dialog.tsx';
import { PayoutSummaryCards } from './payout-summary-cards.tsx';

const t = adminPayoutsText;

const allStatuses = 'all';

/**
 * The admin area's 'Maksuseuranta' tab (spec 02 §2 "Payment tracking"): the summary per status,
 * a status filter kept in the address (?tila=), the CSV export of what the filter shows, and the
 * sales newest first, each updated on its own or several chosen at once.
 */
export function PayoutTrackingTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFromParam(searchParams.get(statusFilterParam));
  const sales = useAdminSales(status);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const dialog = useDialogTarget<PayoutDialogTarget>();
  // A new key for each message: a second save while the first message shows gets its own 5 s.
  const [saved, setSaved] = useState<{ message: string; key: number } | null>(null);
  // The sales of the last bulk update that kept their status, with why, and the list they were
  // chosen from (another filter may hide them later).
  const [refusals, setRefusals] = useState<{
    refused: BulkPayoutUpdateResult['refused'];
    sales: readonly AdminSale[];
  } | null>(null);

  const listed = sales.data?.sales ?? [];
  const chosenIds = chosenOnList(chosen, listed);

  const changeFilter = (next: PayoutStatusCode | undefined) => {
    const params = new URLSearchParams(searchParams);
    if (next) params.set(statusFilterParam, next);
    else params.delete(statusFilterParam);
    setSearchParams(params, { replace: true });
    setChosen(new Set());
  };
  const choose = (saleId: string, isChosen: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (isChosen) next.add(saleId);
      else next.delete(saleId);
      return next;
    });
  const chooseAll = (isChosen: boolean) => setChosen(new Set(isChosen ? listed.map((sale) => sale.id) : []));
  const onSaved = (count: number, refusedNow: BulkPayoutUpdateResult['refused']) => {
    const bulk = dialog.target !== null && 'saleIds' in dialog.target;
    dialog.close();
    if (bulk) setChosen(new Set());
    setRefusals(refusedNow.length > 0 ? { refused: refusedNow, sales: listed } : null);
    if (count === 0) return;
    setSaved((current) => ({
      message: bulk ? t.savedBulk(count) : t.saved,
      key: (current?.key ?? 0) + 1,
    }));
  };

  let content: ReactNode;
  if (sales.isPending) {
    content = <LoadingSpinner label={t.loading} />;
  } else if (sales.isError && !sales.data) {
    content = <RetryAlert onRetry={() => void sales.refetch()}>{t.loadFailed}</RetryAlert>;
  } else {
    const View = phone ? PayoutSaleCards : PayoutSalesTable;
    const bulkButton = (
      <Button
        variant="contained"
        disabled={chosenIds.length === 0}
        onClick={() => dialog.show({ saleIds: chosenIds })}
        fullWidth={phone}
      >
        {t.toolbar.bulkUpdate(chosenIds.length)}
      </Button>
    );
    content = (
      <Stack sx={{ gap: 2 }}>
        <PayoutSummaryCards summary={sales.data.summary} />
        <Toolbar status={status} onFilter={changeFilter} bulkButton={phone ? null : bulkButton} />
        {refusals && <PayoutRefusals {...refusals} onClose={() => setRefusals(null)} />}
        {/* Another filter's answer on its way: the last one stays, marked as being refreshed. */}
        <Box sx={{ height: 4, my: -0.75 }}>
          {sales.isPlaceholderData && <LinearProgress aria-label={t.loading} />}
        </Box>
        {listed.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography>{status ? t.list.emptyFiltered : t.list.empty}</Typography>
          </Paper>
        ) : (
          <View
            sales={listed}
            chosen={chosen}
            onChoose={choose}
            onChooseAll={chooseAll}
            onUpdate={(sale: AdminSale) => dialog.show({ sale })}
          />
        )}
        {phone && (
          // Kept in reach at the bottom of the screen while the cards scroll by.
          <Box
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 1,
              mx: -1.5,
              px: 1.5,
              py: 1.25,
              bgcolor: 'background.default',
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            {bulkButton}
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby="payout-tracking-title">
      <Typography
        id="payout-tracking-title"
        component="h2"
        sx={{ fontSize: { xs: '1.3rem', md: '1.45rem' }, fontWeight: 750, mb: 2 }}
      >
        {t.title}
      </Typography>
      {content}
      {dialog.target && (
        <PayoutStatusDialog
          key={dialog.key}
          open={dialog.open}
          target={dialog.target}
          onClose={dialog.close}
          onSaved={onSaved}
        />
      )}
      <DoneSnackbar key={saved?.key} message={saved?.message ?? null} onClose={() => setSaved(null)} />
    </Box>
  );
}

interface ToolbarProps {
  status: PayoutStatusCode | undefined;
  onFilter(status: PayoutStatusCode | undefined): void;
  /** The update of the chosen sales; on a phone it waits at the bottom of the screen instead. */
  bulkButton: ReactNode;
}

/** The filter, the CSV of what it shows, and (from the tablet width up) the update of the chosen sales. */
function Toolbar({ status, onFilter, bulkButton }: ToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <TextField
        select
        size="small"
        label={t.toolbar.filter}
        value={status ?? allStatuses}
        onChange={(event) => onFilter(statusFromParam(event.target.value))}
        sx={{ minWidth: 180, flex: { xs: 1, sm: '0 0 auto' } }}
      >
        <MenuItem value={allStatuses}>{t.toolbar.all}</MenuItem>
        {payoutStatuses.map((code) => (
          <MenuItem key={code} value={code}>
            {payoutStatusLabels[code]}
          </MenuItem>
        ))}
      </TextField>
      <Button
        component="a"
        href={salesCsvUrl(status)}
        download
        variant="outlined"
        startIcon={<FileDownload />}
        sx={{ ml: { sm: 'auto' } }}
      >
        {t.toolbar.exportCsv}
      </Button>
      {bulkButton}
    </Box>
  );
}
