import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormDialog } from '#client/components/form/form-dialog.tsx';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { FormSelectField } from '#client/components/form/form-select-field.tsx';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import type { BulkPayoutUpdateResult } from '#shared/admin/payout-transitions.ts';
import {
  type AdminSale,
  maxPaymentReferenceLength,
  maxPayoutNotesLength,
  payoutStatuses,
  payoutStatusLabels,
  updatePayoutSchema,
} from '#shared/admin/payouts.schema.ts';
import { formatEuros } from '#shared/money.ts';
import { useBulkUpdatePayout } from '../api/bulk-update-payout.ts';
import { useUpdatePayout } from '../api/update-payout.ts';
import { type PayoutFormInput, type PayoutFormValues, sellerName } from '../payout-rules.ts';
import { PayoutIbanBox, SharedIbanWarning } from './payout-iban.tsx';

const t = adminPayoutsText.dialog;

const statusOptions = payoutStatuses.map((status) => ({ value: status, label: payoutStatusLabels[status] }));

/** One sale (with its reference and the IBAN when paying), or several chosen ones at once. */
export type PayoutDialogTarget = { sale: AdminSale } | { saleIds: readonly string[] };

interface Props {
  open: boolean;
  target: PayoutDialogTarget;
  onClose(): void;
  /** Saved, and the list and summary refreshed: `count` sales were updated, `refused` kept as they were. */
  onSaved(count: number, refused: BulkPayoutUpdateResult['refused']): void;
}

/**
 * The status update dialog (spec 02 §2, §5): a status (required), the bank's reference for a single
 * sale, optional notes. Choosing 'Maksettu' for a single sale shows where to pay; a seller whose
 * IBAN others share is flagged whatever the status.
 */
export function PayoutStatusDialog({ open, target, onClose, onSaved }: Props) {
  const single = 'sale' in target ? target.sale : null;
  const updateOne = useUpdatePayout();
  const updateMany = useBulkUpdatePayout();
  const busy = updateOne.isPending || updateMany.isPending;
  const form = useForm<PayoutFormInput, unknown, PayoutFormValues>({
    resolver: zodResolver(updatePayoutSchema),
    reValidateMode: 'onSubmit',
    defaultValues: {
      paymentReference: single?.payout.paymentReference ?? '',
      notes: single?.payout.notes ?? '',
    },
  });
  const status = useWatch({ control: form.control, name: 'status' });

  const submit = form.handleSubmit(async (values) => {
    try {
      if ('sale' in target) {
        await updateOne.mutateAsync({ saleId: target.sale.id, ...values });
        onSaved(1, []);
      } else {
        const { updated, refused } = await updateMany.mutateAsync({
          saleIds: [...target.saleIds],
          status: values.status,
          notes: values.notes,
        });
        onSaved(updated, refused);
      }
    } catch (error) {
      applyApiError(form, error, {
        fields: single ? ['status', 'paymentReference', 'notes'] : ['status', 'notes'],
        fallback: t.failed,
        // The spec's English failure, but the payout's own rule in Finnish: held, or cancelled.
        showServerMessage: (error) => error.code === 'payout-change-refused',
      });
    }
  });

  return (
    <FormDialog
      open={open}
      title={'sale' in target ? t.titleSingle : t.titleBulk(target.saleIds.length)}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      pendingLabel={t.saving}
      gap={2.5}
    >
      {single ? (
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{single.eventName}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {sellerName(single.seller)} · {formatEuros(single.sellerReceivableCents)}
          </Typography>
        </Box>
      ) : (
        <Typography>{t.bulkIntro}</Typography>
      )}
      {single && <SharedIbanWarning userIds={single.seller.sharedIbanUserIds} />}
      <FormSelectField form={form} name="status" label={t.status} options={statusOptions} />
      {single && status === 'paid' && <PayoutIbanBox iban={single.seller.iban} />}
      {single && (
        <FormTextField
          form={form}
          name="paymentReference"
          label={t.reference}
          hint={t.referenceHint}
          autoComplete="off"
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: maxPaymentReferenceLength } }}
        />
      )}
      <FormTextField
        form={form}
        name="notes"
        label={t.notes}
        hint={t.notesHint}
        multiline
        minRows={2}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: maxPayoutNotesLength } }}
      />
      <FormError form={form} />
    </FormDialog>
  );
}
