import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormDialog } from '#client/components/form/form-dialog.tsx';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { FormRadioGroup } from '#client/components/form/form-radio-group.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { sellerRemovalReasons } from '#shared/listings/listing-fields.ts';
import type { RemovalRequest, RemovalRequestValues } from '#shared/listings/seller-listing.schema.ts';
import { useRemoveListing } from '../api/remove-listing.ts';

const t = myListingsText.removalDialog;

const reasonOptions = Object.entries(sellerRemovalReasons).map(([value, label]) => ({ value, label }));
const customReasonMaxLength = 300;

interface Props {
  open: boolean;
  userId: string;
  listing: { id: string; eventName: string };
  onClose(): void;
  /** Taken off sale: the lists are being refreshed. */
  onRemoved(): void;
}

/**
 * 'Poista myynnistä' (spec 02 §2, §4): the seller picks one of the seven reasons, 'Muu' with their
 * own words; the button waits for a valid choice. The server's refusal ('Lippu ei ole myynnissä')
 * is shown here, above the buttons.
 */
export function RemovalDialog({ open, userId, listing, onClose, onRemoved }: Props) {
  const removal = useRemoveListing(userId, listing.id);
  const form = useForm<RemovalRequest, unknown, RemovalRequestValues>({
    resolver: lazyZodResolver(() =>
      import('#shared/listings/seller-listing.schema.ts').then((m) => m.removalRequestSchema),
    ),
    mode: 'onChange',
    defaultValues: { customReason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const { isValid } = form.formState;

  const submit = form.handleSubmit((values) =>
    removal.mutateAsync(values).then(onRemoved, (error: unknown) =>
      applyApiError(form, error, {
        fields: ['reason', 'customReason'],
        fallback: t.failed,
        showServerMessage: (apiError) => apiError.code !== 'internal',
      }),
    ),
  );

  const busy = removal.isPending;
  return (
    <FormDialog
      open={open}
      title={t.title}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t.cancel}
      submitLabel={t.confirm}
      pendingLabel={t.removing}
      submitColor="error"
      canSubmit={isValid}
    >
      <Typography sx={{ fontWeight: 700 }}>{listing.eventName}</Typography>
      <Typography>{t.intro}</Typography>
      <FormRadioGroup
        form={form}
        name="reason"
        label={t.reasonLabel}
        options={reasonOptions}
        disabled={busy}
      />
      {reason === 'other' && (
        <FormTextField
          form={form}
          name="customReason"
          label={t.customReasonLabel}
          errorsShow="touched"
          required
          multiline
          minRows={2}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: customReasonMaxLength } }}
        />
      )}
      <FormError form={form} />
    </FormDialog>
  );
}
