import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormDialog } from '#client/components/form/form-dialog.tsx';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import {
  type AdminListing,
  maxRejectionReasonLength,
  rejectListingSchema,
} from '#shared/admin/admin.schema.ts';
import { useRejectListing } from '../api/reject-listing.ts';
import { failureMessage } from '../failure-message.ts';

const t = adminText.rejectDialog;

interface Props {
  open: boolean;
  listing: AdminListing;
  onClose(): void;
  onRejected(listing: AdminListing): void;
}

/**
 * 'Hylkää' (spec 02 §4 "Admin rejection", §5 "Admin rules"): the reason goes to the seller by
 * mail, so the button waits until it has more than blanks.
 */
export function RejectListingDialog({ open, listing, onClose, onRejected }: Props) {
  const rejection = useRejectListing(listing.id);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(rejectListingSchema),
    mode: 'onChange',
    defaultValues: { reason: '' },
  });

  const submit = form.handleSubmit((values) =>
    rejection.mutateAsync(values).then(
      () => onRejected(listing),
      (error: unknown) =>
        applyApiError(form, error, {
          fields: ['reason'],
          fallback: failureMessage(adminText.review.rejectFailed, error),
          showServerMessage: () => false,
        }),
    ),
  );

  const busy = rejection.isPending;
  return (
    <FormDialog
      open={open}
      title={t.title}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t.cancel}
      submitLabel={t.confirm}
      pendingLabel={t.rejecting}
      submitColor="error"
      canSubmit={form.formState.isValid}
    >
      <Typography sx={{ fontWeight: 700 }}>{listing.eventName}</Typography>
      <Typography>{t.intro}</Typography>
      <FormTextField
        form={form}
        name="reason"
        label={t.reasonLabel}
        placeholder={t.placeholder}
        errorsShow="touched"
        required
        multiline
        minRows={3}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: maxRejectionReasonLength } }}
      />
      <FormError form={form} sx={{ whiteSpace: 'pre-line' }} />
    </FormDialog>
  );
}
