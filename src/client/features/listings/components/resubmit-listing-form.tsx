import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { TicketFileLinks } from '#client/components/ticket-file-links.tsx';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { sellingText } from '#client/i18n/fi/selling.ts';
import type { EventTypeCode } from '#shared/categories.ts';
import { helsinkiDate } from '#shared/dates.ts';
import {
  additionalInfoMaxLength,
  type ListingFormInput,
  type ListingResubmission,
  listingResubmissionSchema,
  listingSteps,
} from '#shared/listings/listing.schema.ts';
import { priceTextFromCents } from '#shared/listings/price-text.ts';
import type { SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { useResubmitListing } from '../api/resubmit-listing.ts';
import { BackToMyListings } from './edit-listing-form.tsx';
import { EventStep } from './event-step.tsx';
import { type ListingForm, PriceStep, SeatsStep, TicketTypeStep, TimeStep } from './listing-steps.tsx';

const t = myListingsText.resubmit;

/** The wizard's values of a stored listing: what the seller typed, as the wizard holds it. */
function formValuesOf(listing: SellerListing): ListingFormInput {
  const image = listing.eventImage ?? '';
  // A picture the form may not send (an admin's upload) stays the listing's on the server.
  const sendable = listingResubmissionSchema.shape.eventImage.safeParse(image).success;
  return {
    eventName: listing.eventName,
    location: listing.location,
    eventVenue: listing.eventVenue,
    eventImage: sendable ? image : '',
    imageSource: sendable && image !== '' ? (image.startsWith('/defaults/') ? 'default' : 'api') : null,
    eventDate: helsinkiDate(new Date(listing.eventDate)),
    eventTime: listing.eventTime,
    hasMultipleDays: listing.eventEndDate !== null,
    eventEndDate: listing.eventEndDate ?? '',
    eventType: listing.eventType as EventTypeCode,
    ticketType: listing.ticketType,
    ticketCount: listing.ticketCount,
    hasAssignedSeat: listing.hasAssignedSeat ? 'kylla' : 'ei',
    seatInfo: listing.seatInfo,
    originalPrice: priceTextFromCents(listing.originalPriceCents),
    sellingPrice: priceTextFromCents(listing.sellingPriceCents),
    hasAdditionalFee: listing.additionalFeesCents > 0 ? 'kylla' : 'ei',
    additionalFees: listing.additionalFeesCents > 0 ? priceTextFromCents(listing.additionalFeesCents) : '',
    deliveryMethod: 'pdf',
    additionalInfo: listing.additionalInfo,
    // Neither is sent again: the terms were accepted and the IBAN stored with the first submission.
    iban: '',
    termsAccepted: true,
  };
}

const fields = listingSteps.flatMap((step) => step.fields) as FieldPath<ListingFormInput>[];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" sx={{ fontSize: '1.2rem', fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

interface Props {
  userId: string;
  listing: SellerListing;
  onSent(): void;
}

/**
 * A rejected listing opened for fixing: the reason, and the wizard's fields prefilled with what the
 * listing holds, sent back for review with the files it has (docs/decisions/030).
 */
export function ResubmitListingForm({ userId, listing, onSent }: Props) {
  const resubmit = useResubmitListing(userId, listing.id);
  const form = useForm<ListingFormInput, unknown, ListingResubmission>({
    // The form holds the wizard's fields; the terms and the IBAN are not sent again.
    resolver: zodResolver(listingResubmissionSchema) as unknown as Resolver<
      ListingFormInput,
      unknown,
      ListingResubmission
    >,
    mode: 'onTouched',
    defaultValues: formValuesOf(listing),
  });
  const stepForm = form as ListingForm;

  const submit = form.handleSubmit(async (values) => {
    try {
      await resubmit.mutateAsync(values);
      onSent();
    } catch (error) {
      applyApiError(form, error, { fields, fallback: t.failed });
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label={t.formLabel} sx={{ gap: 2.5 }}>
      <Alert severity="error">
        <AlertTitle>{t.rejectedTitle}</AlertTitle>
        {listing.rejectionReason ?? myListingsText.card.noRejectionReason}
      </Alert>
      <Typography>{t.intro}</Typography>
      <Section title={listingSteps[0].title}>
        <EventStep form={stepForm} />
      </Section>
      <Section title={listingSteps[1].title}>
        <TimeStep form={stepForm} />
      </Section>
      <Section title={listingSteps[2].title}>
        <TicketTypeStep form={stepForm} ticketCountFixed={t.ticketCountFixed} />
      </Section>
      <Section title={listingSteps[3].title}>
        <SeatsStep form={stepForm} />
      </Section>
      <Section title={listingSteps[4].title}>
        <PriceStep form={stepForm} payoutAlways />
      </Section>
      <Section title={listingSteps[5].title}>
        <Stack sx={{ gap: 2.5 }}>
          <FormTextField
            form={form}
            name="additionalInfo"
            label={sellingText.wizard.fields.additionalInfo}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: additionalInfoMaxLength } }}
          />
          <Box>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>{t.filesTitle}</Typography>
            <TicketFileLinks ticketId={listing.id} files={listing.files} />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t.filesNote}
            </Typography>
          </Box>
        </Stack>
      </Section>
      <FormError form={form} />
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        sx={{ gap: 1.5, justifyContent: 'space-between' }}
      >
        <BackToMyListings />
        <SubmitButton pending={resubmit.isPending} pendingLabel={t.sending}>
          {t.send}
        </SubmitButton>
      </Stack>
    </Stack>
  );
}
