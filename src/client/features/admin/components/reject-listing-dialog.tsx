import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
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
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
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
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t.title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2 }}>
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <SubmitButton
            color="error"
            disabled={!form.formState.isValid}
            pending={busy}
            pendingLabel={t.rejecting}
          >
            {t.confirm}
          </SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
