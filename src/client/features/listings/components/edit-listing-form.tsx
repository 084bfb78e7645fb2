import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { applyApiError, formMessageKey } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { TicketFileLinks } from '#client/components/ticket-file-links.tsx';
import { useDialogTarget } from '#client/components/use-dialog-target.ts';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { finnishEventMoment } from '#shared/dates.ts';
import { additionalInfoMaxLength, editedSellingPriceIssue } from '#shared/listings/listing-fields.ts';
import { isEditable } from '#shared/listings/listing-rules.ts';
import { priceTextFromCents, typedPriceText } from '#shared/listings/price-text.ts';
import type { SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { formatEuros } from '#shared/money.ts';
import { summarizePrices } from '#shared/pricing.ts';
import { useEditListing } from '../api/edit-listing.ts';
import {
  blurredPriceText,
  type EditFormOutput,
  type EditFormValues,
  editRequest,
  typedPriceCents,
} from '../edit-price.ts';
import { RemovalDialog } from './removal-dialog.tsx';

const t = myListingsText.edit;

/** Spec 02 §9: the edit page's messages clear after 3 s. */
const messageMs = 3000;

/** 'Takaisin': to the profile's sale listings. */
export function BackToMyListings() {
  return (
    <Button component={RouterLink} to="/profiili?tab=1" color="secondary" startIcon={<ArrowBackIcon />}>
      {t.back}
    </Button>
  );
}

/** Clears a message `messageMs` after it appears; a new message starts the wait again. */
function useClearAfter(shown: unknown, clear: () => void): void {
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(clear, messageMs);
    return () => window.clearTimeout(timer);
  }, [shown, clear]);
}

function formValues(listing: SellerListing): EditFormValues {
  return {
    sellingPrice: priceTextFromCents(listing.sellingPriceCents),
    additionalInfo: listing.additionalInfo,
  };
}

/** A read-only value under its label. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
        {children}
      </Typography>
    </div>
  );
}

interface Props {
  userId: string;
  listing: SellerListing;
  /** Saved or taken off sale: the page drops what it cached of the public ticket. */
  onListingChanged(listingId: string): void;
  onRemoved(): void;
}

/**
 * The edit screen (spec 02 §2 "Edit screen", §4 "Edit"): the selling price and the additional info
 * change, everything else is shown as it is; the prices follow the typed price as the server will
 * compute them. A listing no longer on sale is shown read-only.
 */
export function EditListingForm({ userId, listing, onListingChanged, onRemoved }: Props) {
  const { status } = listing;
  const editable = isEditable(status);
  const edit = useEditListing(userId, listing.id);
  const removal = useDialogTarget<SellerListing>();
  const { originalPriceCents } = listing;
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('../edit-form-schema.ts').then((module) => module.editFormSchema(originalPriceCents)),
      ),
    [originalPriceCents],
  );
  const form = useForm<EditFormValues, unknown, EditFormOutput>({
    resolver,
    mode: 'onChange',
    defaultValues: formValues(listing),
  });
  const [sellingPrice, additionalInfo] = useWatch({
    control: form.control,
    name: ['sellingPrice', 'additionalInfo'],
  });
  const { isDirty, isValid, errors } = form.formState;

  const [saved, setSaved] = useState(false);
  useClearAfter(
    saved,
    useCallback(() => setSaved(false), []),
  );
  useClearAfter(
    errors.root?.[formMessageKey]?.message,
    useCallback(() => form.clearErrors(`root.${formMessageKey}`), [form]),
  );

  const typedCents = typedPriceCents(sellingPrice);
  const prices =
    typedCents !== null && editedSellingPriceIssue(typedCents, listing.originalPriceCents) === undefined
      ? summarizePrices({ ...listing, sellingPriceCents: typedCents })
      : null;

  const submit = form.handleSubmit((values) => {
    setSaved(false);
    return edit.mutateAsync(editRequest(values, listing.additionalFeesCents)).then(
      (updated) => {
        form.reset(formValues(updated));
        setSaved(true);
        onListingChanged(updated.id);
      },
      (error: unknown) =>
        applyApiError(form, error, {
          fields: ['sellingPrice', 'additionalInfo'],
          fallback: t.saveFailed,
          showServerMessage: (apiError) => apiError.code !== 'internal',
        }),
    );
  });

  return (
    <>
      <Stack component="form" noValidate onSubmit={submit} aria-label={t.formLabel} sx={{ gap: 3 }}>
        {!editable && <Alert severity="info">{t.notEditable[status]}</Alert>}
        <Paper
          variant="outlined"
          component="dl"
          sx={{ m: 0, p: { xs: 2, sm: 3 }, display: 'flex', flexWrap: 'wrap', columnGap: 5, rowGap: 1.5 }}
        >
          <Fact label={t.eventName}>
            {listing.eventName}
            <Box component="span" sx={{ display: 'block', fontWeight: 400 }}>
              {finnishEventMoment(listing)}
            </Box>
          </Fact>
          <Fact label={t.originalPrice}>{formatEuros(listing.originalPriceCents)}</Fact>
          <Fact label={t.additionalFees}>{formatEuros(listing.additionalFeesCents)}</Fact>
        </Paper>
        <Grid container spacing={{ xs: 2, md: 3 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
              <Stack sx={{ gap: 3 }}>
                <FormTextField
                  form={form}
                  name="sellingPrice"
                  label={t.sellingPrice}
                  hint={t.sellingPriceHint(listing.ticketCount)}
                  errorsShow="touched"
                  parse={typedPriceText}
                  format={blurredPriceText}
                  required
                  disabled={!editable}
                  autoComplete="off"
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', maxLength: 10 },
                    input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
                  }}
                  sx={{ maxWidth: { sm: 280 } }}
                />
                <FormTextField
                  form={form}
                  name="additionalInfo"
                  label={t.additionalInfo}
                  hint={t.counter(additionalInfo.length, additionalInfoMaxLength)}
                  errorsShow="touched"
                  disabled={!editable}
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { maxLength: additionalInfoMaxLength } }}
                />
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="edit-prices-title"
              sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}
            >
              <Typography id="edit-prices-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {t.pricesTitle}
              </Typography>
              <Box aria-live="polite">
                {prices ? (
                  <PriceBreakdown prices={prices} side="seller" />
                ) : (
                  <Typography>{t.pricesPending}</Typography>
                )}
              </Box>
              <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
                {t.listingPriceNote}
              </Typography>
            </Paper>
          </Grid>
        </Grid>
        {listing.files.length > 0 && (
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="edit-files-title"
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography id="edit-files-title" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
              {t.filesTitle(listing.files.length)}
            </Typography>
            <TicketFileLinks ticketId={listing.id} files={listing.files} />
            {editable && (
              <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
                {t.filesNote}
              </Typography>
            )}
          </Paper>
        )}
        {saved && (
          <Alert severity="success" role="status">
            {t.saved}
          </Alert>
        )}
        <FormError form={form} />
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          sx={{ gap: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <BackToMyListings />
          {editable && (
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} sx={{ gap: 1.5 }}>
              <Button variant="outlined" color="error" onClick={() => removal.show(listing)}>
                {t.remove}
              </Button>
              <SubmitButton
                pending={edit.isPending}
                pendingLabel={t.saving}
                disabled={!isDirty || !isValid}
                color="secondary"
              >
                {t.save}
              </SubmitButton>
            </Stack>
          )}
        </Stack>
      </Stack>
      {/* Outside the form: a submit inside the dialog would bubble (through the portal) to it. */}
      {removal.target && (
        <RemovalDialog
          key={removal.key}
          open={removal.open}
          userId={userId}
          listing={removal.target}
          onClose={removal.close}
          onRemoved={() => {
            onListingChanged(listing.id);
            onRemoved();
          }}
        />
      )}
    </>
  );
}
