import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDialogTarget } from '#client/components/use-dialog-target.ts';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import {
  type AdminSale,
  type PayoutStatusCode,
  payoutStatuses,
  payoutStatusLabels,
} from '#shared/admin/payouts.schema.ts';
import { useAdminSales } from '../api/get-admin-sales.ts';
import { salesCsvUrl } from '../api/get-sales-csv.ts';
import { chosenOnList, statusFilterParam, statusFromParam } from '../payout-rules.ts';
import { PayoutSaleCards } from './payout-sale-cards.tsx';
import { PayoutSalesTable } from './payout-sales-table.tsx';
import { type PayoutDialogTarget, PayoutStatusDialog } from './payout-status-dialog.tsx';
import { PayoutSummaryCards } from './payout-summary-cards.tsx';

const t = adminPayoutsText;

/** Spec 02 §9: a success message stays 5 s. */
const savedMessageMs = 5000;
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
  const [saved, setSaved] = useState<string | null>(null);

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
  const onSaved = (count: number) => {
    const bulk = dialog.target !== null && 'saleIds' in dialog.target;
    dialog.close();
    if (bulk) setChosen(new Set());
    setSaved(bulk ? t.savedBulk(count) : t.saved);
  };

  let content: ReactNode;
  if (sales.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t.loading} />
      </Box>
    );
  } else if (sales.isError && !sales.data) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void sales.refetch()}>
            {t.retry}
          </Button>
        }
      >
        {t.loadFailed}
      </Alert>
    );
  } else {
    const View = phone ? PayoutSaleCards : PayoutSalesTable;
    content = (
      <Stack sx={{ gap: 2 }}>
        <PayoutSummaryCards summary={sales.data.summary} />
        <Toolbar
          status={status}
          chosenCount={chosenIds.length}
          onFilter={changeFilter}
          onBulkUpdate={() => dialog.show({ saleIds: chosenIds })}
        />
        {/* Another filter's answer on its way: the last one stays, marked as being refreshed. */}
        <Box sx={{ height: 4 }}>{sales.isPlaceholderData && <LinearProgress aria-label={t.loading} />}</Box>
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
      <Snackbar
        open={saved !== null}
        autoHideDuration={savedMessageMs}
        onClose={(_event, reason) => reason !== 'clickaway' && setSaved(null)}
      >
        <Alert severity="success" variant="filled" onClose={() => setSaved(null)} sx={{ width: '100%' }}>
          {saved}
        </Alert>
      </Snackbar>
    </Box>
  );
}

interface ToolbarProps {
  status: PayoutStatusCode | undefined;
  chosenCount: number;
  onFilter(status: PayoutStatusCode | undefined): void;
  onBulkUpdate(): void;
}

/** The filter, the CSV of what it shows, and the update of the chosen sales. */
function Toolbar({ status, chosenCount, onFilter, onBulkUpdate }: ToolbarProps) {
  return (
    <Box
      role="toolbar"
      aria-label={t.toolbar.label}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <TextField
        select
        size="small"
        label={t.toolbar.filter}
        value={status ?? allStatuses}
        onChange={(event) => onFilter(statusFromParam(event.target.value))}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        <MenuItem value={allStatuses}>{t.toolbar.all}</MenuItem>
        {payoutStatuses.map((code) => (
          <MenuItem key={code} value={code}>
            {payoutStatusLabels[code]}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1.5, flex: { xs: '1 1 100%', sm: '0 0 auto' }, ml: { sm: 'auto' } }}>
        <Button
          component="a"
          href={salesCsvUrl(status)}
          download
          variant="outlined"
          startIcon={<FileDownload />}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          {t.toolbar.exportCsv}
        </Button>
        <Button
          variant="contained"
          disabled={chosenCount === 0}
          onClick={onBulkUpdate}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          {t.toolbar.bulkUpdate(chosenCount)}
        </Button>
      </Box>
    </Box>
  );
}
