import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ComplaintStatusChip } from '#client/components/complaint-status-chip.tsx';
import { Detail, DetailList } from '#client/components/detail-list.tsx';
import { DoneSnackbar } from '#client/components/done-snackbar.tsx';
import { EvidenceLinks } from '#client/components/evidence-links.tsx';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormDialog } from '#client/components/form/form-dialog.tsx';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { useDialogTarget } from '#client/components/use-dialog-target.ts';
import { adminText } from '#client/i18n/fi/admin.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { payoutStatuses } from '#shared/admin/payouts.schema.ts';
import {
  type AdminComplaint,
  type ComplaintEvidence,
  type ComplaintStatus,
  complaintReasonLabels,
  complaintStatuses,
  complaintStatusLabels,
  maxResolutionReasonLength,
  resolveComplaintSchema,
} from '#shared/complaints/complaints.schema.ts';
import { finnishDate, finnishDateTime } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { adminEvidenceUrl, useAdminComplaints } from '../api/get-admin-complaints.ts';
import { useResolveComplaint } from '../api/resolve-complaint.ts';
import { PayoutStatusChip } from './payout-status-chip.tsx';

const t = adminText.complaints;
const allStatuses = 'all';
const preserveLines = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * The admin area's complaints (docs/decisions/036), open ones first: everything both sides said
 * and sent, where the payout stands, and the decision: the buyer's money back, or a rejection with
 * a reason.
 */
export function ComplaintsTab() {
  const [status, setStatus] = useState<ComplaintStatus | undefined>(undefined);
  const complaints = useAdminComplaints(status);
  const refund = useDialogTarget<AdminComplaint>();
  const rejection = useDialogTarget<AdminComplaint>();
  const [done, setDone] = useState<string | null>(null);

  let content: ReactNode;
  if (complaints.isPending) content = <LoadingSpinner label={t.loading} py={4} />;
  else if (complaints.isError)
    content = <RetryAlert onRetry={() => void complaints.refetch()}>{t.loadFailed}</RetryAlert>;
  else if (complaints.data.length === 0) content = <Typography>{t.empty}</Typography>;
  else
    content = (
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {complaints.data.map((complaint) => (
          <ComplaintCard
            key={complaint.id}
            complaint={complaint}
            onRefund={refund.show}
            onReject={rejection.show}
          />
        ))}
      </Stack>
    );

  return (
    <Stack sx={{ gap: 2.5, mt: 2 }}>
      <Box>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' }, mb: 1 }}>
          {t.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: '75ch' }}>{t.intro}</Typography>
      </Box>
      <TextField
        select
        size="small"
        label={t.filterLabel}
        value={status ?? allStatuses}
        onChange={(event) => setStatus(complaintStatuses.find((code) => code === event.target.value))}
        sx={{ minWidth: 220, alignSelf: 'flex-start' }}
      >
        <MenuItem value={allStatuses}>{t.all}</MenuItem>
        {complaintStatuses.map((code) => (
          <MenuItem key={code} value={code}>
            {complaintStatusLabels[code]}
          </MenuItem>
        ))}
      </TextField>
      {content}
      {refund.target && (
        <RefundDialog
          key={refund.key}
          open={refund.open}
          complaint={refund.target}
          onClose={refund.close}
          onDone={(complaint) => {
            refund.close();
            setDone(t.refunded(complaint.eventName));
          }}
        />
      )}
      {rejection.target && (
        <RejectDialog
          key={rejection.key}
          open={rejection.open}
          complaint={rejection.target}
          onClose={rejection.close}
          onDone={(complaint) => {
            rejection.close();
            setDone(t.rejected(complaint.eventName));
          }}
        />
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </Stack>
  );
}

function Party({ party }: { party: AdminComplaint['buyer'] }) {
  return (
    <>
      {party.name && (
        <Box component="span" sx={{ display: 'block' }}>
          {party.name}
        </Box>
      )}
      <Link href={`mailto:${party.email}`}>{party.email}</Link>
    </>
  );
}

function Evidence({ complaint, files }: { complaint: AdminComplaint; files: ComplaintEvidence[] }) {
  return files.length === 0 ? (
    t.noEvidence
  ) : (
    <EvidenceLinks files={files} urlOf={(file) => adminEvidenceUrl(complaint.id, file.id)} />
  );
}

function PayoutStatus({ status }: { status: string }) {
  const known = payoutStatuses.find((code) => code === status);
  return known ? <PayoutStatusChip status={known} /> : status;
}

interface CardProps {
  complaint: AdminComplaint;
  onRefund(complaint: AdminComplaint): void;
  onReject(complaint: AdminComplaint): void;
}

function ComplaintCard({ complaint, onRefund, onReject }: CardProps) {
  const titleId = useId();
  const { resolution, sellerResponse } = complaint;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 1.5 }}
    >
      <Stack
        direction="row"
        sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start' }}
      >
        <Box>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 750, fontSize: '1.15rem' }}>
            {complaint.eventName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.createdAt} {finnishDateTime(new Date(complaint.createdAt))}
          </Typography>
        </Box>
        <ComplaintStatusChip status={complaint.status} />
      </Stack>
      {complaint.payoutPaidBeforeComplaint && (
        <Alert severity="warning" sx={{ fontWeight: 600 }}>
          {t.supportCase}
        </Alert>
      )}
      <DetailList>
        <Detail label={t.eventDate} small>
          {finnishDate(new Date(complaint.eventDate), { weekday: true })}
        </Detail>
        <Detail label={t.purchaseDate} small>
          {finnishDateTime(new Date(complaint.purchaseDate))}
        </Detail>
        <Detail label={t.pricePaid} small>
          {formatEuros(complaint.pricePaidCents)}
        </Detail>
        <Detail label={t.sellerReceivable} small>
          {formatEuros(complaint.sellerReceivableCents)}
        </Detail>
        <Detail label={t.payout} small>
          <PayoutStatus status={complaint.payoutStatus} />
        </Detail>
        <Detail label={t.buyer} small>
          <Party party={complaint.buyer} />
        </Detail>
        <Detail label={t.seller} small>
          <Party party={complaint.seller} />
        </Detail>
        <Detail label={t.reason} small>
          {complaintReasonLabels[complaint.reason]}
        </Detail>
        <Detail label={t.description} small>
          <Box component="span" sx={preserveLines}>
            {complaint.description}
          </Box>
        </Detail>
        <Detail label={t.buyerEvidence} small>
          <Evidence complaint={complaint} files={complaint.buyerEvidence} />
        </Detail>
        <Detail label={t.sellerResponse} small>
          {sellerResponse ? (
            <>
              <Box component="span" sx={{ ...preserveLines, display: 'block' }}>
                {sellerResponse.text}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t.respondedAt(finnishDateTime(new Date(sellerResponse.respondedAt)))}
              </Box>
            </>
          ) : (
            t.noResponse
          )}
        </Detail>
        <Detail label={t.sellerEvidence} small>
          <Evidence complaint={complaint} files={complaint.sellerEvidence} />
        </Detail>
        {resolution && (
          <Detail label={t.resolution} small>
            <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {resolution.decision === 'refund'
                ? t.resolvedRefund(finnishDateTime(new Date(resolution.resolvedAt)))
                : t.resolvedReject(finnishDateTime(new Date(resolution.resolvedAt)))}
            </Box>
            {resolution.reason && (
              <Box component="span" sx={preserveLines}>
                {t.rejectionReason(resolution.reason)}
              </Box>
            )}
          </Detail>
        )}
      </DetailList>
      {complaint.status === 'open' && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" color="error" onClick={() => onRefund(complaint)}>
            {t.refund}
          </Button>
          <Button variant="outlined" color="secondary" onClick={() => onReject(complaint)}>
            {t.reject}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

interface DialogProps {
  open: boolean;
  complaint: AdminComplaint;
  onClose(): void;
  onDone(complaint: AdminComplaint): void;
}

/** 'Palauta rahat ostajalle': says what goes back and what is cancelled before it is done. */
function RefundDialog({ open, complaint, onClose, onDone }: DialogProps) {
  const resolve = useResolveComplaint(complaint.id);
  const titleId = useId();
  const textId = useId();
  const busy = resolve.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.refundTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {t.refundText(
            complaint.eventName,
            formatEuros(complaint.pricePaidCents),
            formatEuros(complaint.sellerReceivableCents),
          )}
        </DialogContentText>
        {complaint.payoutPaidBeforeComplaint && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t.supportCase}
          </Alert>
        )}
        {resolve.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {resolve.error instanceof ApiError ? resolve.error.message : t.failed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <SubmitButton
          type="button"
          color="error"
          pending={busy}
          pendingLabel={t.refunding}
          onClick={() => resolve.mutate({ decision: 'refund' }, { onSuccess: () => onDone(complaint) })}
        >
          {t.refundConfirm}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}

const rejectSchema = resolveComplaintSchema.options[1];

/** 'Hylkää reklamaatio': the reason goes to the buyer and the seller by mail, so it is required. */
function RejectDialog({ open, complaint, onClose, onDone }: DialogProps) {
  const resolve = useResolveComplaint(complaint.id);
  const form = useForm({
    resolver: zodResolver(rejectSchema),
    mode: 'onChange',
    defaultValues: { decision: 'reject' as const, reason: '' },
  });
  const submit = form.handleSubmit((decision) =>
    resolve.mutateAsync(decision).then(
      () => onDone(complaint),
      (error: unknown) => applyApiError(form, error, { fields: ['reason'], fallback: t.failed }),
    ),
  );
  const busy = resolve.isPending;
  return (
    <FormDialog
      open={open}
      title={t.rejectTitle}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t.cancel}
      submitLabel={t.reject}
      pendingLabel={t.rejecting}
      submitColor="error"
      canSubmit={form.formState.isValid}
    >
      <Typography sx={{ fontWeight: 700 }}>{complaint.eventName}</Typography>
      <Typography>{t.rejectIntro}</Typography>
      <FormTextField
        form={form}
        name="reason"
        label={t.rejectReasonLabel}
        errorsShow="touched"
        required
        multiline
        minRows={3}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: maxResolutionReasonLength } }}
      />
      <FormError form={form} />
    </FormDialog>
  );
}
