import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Fade from '@mui/material/Fade';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { LoadingSpinner } from '#client/components/query-states.tsx';
import { common } from '#client/i18n/fi/common.ts';
import { sellingText } from '#client/i18n/fi/selling.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { formatIban } from '#shared/accounts/iban.ts';
import type { ListingFormInput, ListingFormValues } from '#shared/listings/listing.schema.ts';
import { listingSteps } from '#shared/listings/listing-fields.ts';
import type { SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { useCreateListing } from '../api/create-listing.ts';
import { clearDraft, loadDraft, saveDraft } from '../wizard-draft.ts';
import { EventStep } from './event-step.tsx';
import { ListingPreview } from './listing-preview.tsx';
import type { ListingForm } from './listing-steps.tsx';

// What the first paint does not show loads after it (decision 029): the later steps, whose import
// starts as soon as this code runs, so they are there long before the seller moves on (or when a
// kept draft reopens on one of them); the dialogs, drawn closed until their code has come.
const laterSteps = import('./listing-steps.tsx');
const TimeStep = lazy(async () => ({ default: (await laterSteps).TimeStep }));
const TicketTypeStep = lazy(async () => ({ default: (await laterSteps).TicketTypeStep }));
const SeatsStep = lazy(async () => ({ default: (await laterSteps).SeatsStep }));
const PriceStep = lazy(async () => ({ default: (await laterSteps).PriceStep }));
const TicketFilesStep = lazy(async () => ({ default: (await laterSteps).TicketFilesStep }));
const ConfirmStep = lazy(async () => ({ default: (await laterSteps).ConfirmStep }));
const TermsAcceptance = lazy(async () => ({ default: (await laterSteps).TermsAcceptance }));
const WizardResetDialog = lazy(async () => ({
  default: (await import('./wizard-reset-dialog.tsx')).WizardResetDialog,
}));
const TermsDialog = lazy(async () => ({ default: (await import('./terms-dialog.tsx')).TermsDialog }));
const SellerTutorialDialog = lazy(async () => ({
  default: (await import('./seller-tutorial-dialog.tsx')).SellerTutorialDialog,
}));
/** A later step opened before its code has come (a kept draft, on a slow line). */
function StepLoading() {
  return <LoadingSpinner label={common.loading} />;
}
const listingFormSchema = () =>
  import('#shared/listings/listing.schema.ts').then((module) => module.listingFormSchema);

const t = sellingText.wizard;
const stepCount = listingSteps.length;
const filesStep = listingSteps.findIndex((step) => step.title === 'Lipputiedot');
const autosaveDelayMs = 500;

/** A new listing's values (spec 02 §3 "Form draft" defaults), with the seller's saved IBAN. */
function emptyListing(savedIban: string | null): ListingFormInput {
  return {
    eventName: '',
    location: '',
    eventVenue: '',
    eventImage: '',
    imageSource: null,
    eventDate: '',
    eventTime: '',
    hasMultipleDays: false,
    eventEndDate: '',
    eventType: '' as ListingFormInput['eventType'],
    ticketType: '',
    ticketCount: 1,
    hasAssignedSeat: '' as ListingFormInput['hasAssignedSeat'],
    seatInfo: [],
    originalPrice: '',
    sellingPrice: '',
    hasAdditionalFee: 'ei',
    additionalFees: '',
    deliveryMethod: 'pdf',
    additionalInfo: '',
    iban: savedIban ? formatIban(savedIban) : '',
    termsAccepted: false as true,
  };
}

export interface SellWizardProps {
  userId: string;
  savedIban: string | null;
  tutorialCompleted: boolean;
  onCreated(listing: SellerListing): void;
}

/**
 * The sell wizard of spec 02 §2: seven steps, a live preview, a draft kept in the tab, and one
 * all-or-nothing submission. Forward only when the step's fields are right.
 */
export function SellWizard({ userId, savedIban, tutorialCompleted, onCreated }: SellWizardProps) {
  const [draft] = useState(() => loadDraft(userId));
  const [submissionId, setSubmissionId] = useState(() => draft?.submissionId ?? crypto.randomUUID());
  const [activeStep, setActiveStep] = useState(draft?.activeStep ?? 0);
  const [completedSteps, setCompletedSteps] = useState<number[]>(draft?.completedSteps ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const [resetOpen, setResetOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [tutorialOpen, setTutorialOpen] = useState(false);
  const [tutorialDone, setTutorialDone] = useState(tutorialCompleted);
  const [previewShown, setPreviewShown] = useState(false);
  // The preview beside the form on a wide screen, behind its button on a phone: the one not shown is
  // not drawn at all (its picture not loaded, nor drawn again on every keystroke).
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const createListing = useCreateListing();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const form = useForm<ListingFormInput, unknown, ListingFormValues>({
    resolver: lazyZodResolver(listingFormSchema),
    mode: 'onTouched',
    defaultValues: draft
      ? {
          ...emptyListing(savedIban),
          ...draft.formData,
          iban: draft.formData.iban || emptyListing(savedIban).iban,
        }
      : emptyListing(savedIban),
  });
  const values = useWatch({ control: form.control });

  // The draft follows the typing, 500 ms after the last change (spec 02 §4).
  useEffect(() => {
    const timer = window.setTimeout(
      () => saveDraft(userId, { formData: form.getValues(), activeStep, completedSteps, submissionId }),
      autosaveDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [values, activeStep, completedSteps, submissionId, userId, form]);

  const goTo = (step: number) => {
    setActiveStep(step);
    // The new step's title is read out and the page starts from the top of the form.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = async () => {
    const fields = listingSteps[activeStep]?.fields ?? [];
    const filesMissing = activeStep === filesStep && files.length === 0;
    if (filesMissing) setFilesError(sellingMessages.filesRequired);
    // An untouched step marks its fields touched and stays, with its errors shown.
    const valid = await form.trigger(fields as FieldPath<ListingFormInput>[], { shouldFocus: true });
    if (!valid || filesMissing) return;
    setCompletedSteps((done) => (done.includes(activeStep) ? done : [...done, activeStep]));
    goTo(activeStep + 1);
  };

  const reset = () => {
    clearDraft(userId);
    form.reset(emptyListing(savedIban));
    setFiles([]);
    setFilesError(undefined);
    setCompletedSteps([]);
    setSubmissionId(crypto.randomUUID());
    setResetOpen(false);
    goTo(0);
  };

  const submit = form.handleSubmit(
    async (listing) => {
      if (files.length === 0) {
        setFilesError(sellingMessages.filesRequired);
        goTo(filesStep);
        return;
      }
      try {
        const { listing: created } = await createListing.mutateAsync({
          listing: { ...listing, submissionId },
          files,
        });
        clearDraft(userId);
        onCreated(created);
      } catch (error) {
        const issues = error instanceof ApiError ? error.issues : [];
        const fileIssue = issues.find((issue) => issue.path.startsWith('files'));
        if (
          fileIssue ||
          (error instanceof ApiError && ['not-a-pdf', 'file-too-large'].includes(error.code))
        ) {
          // A file the server refused: back to the files, with the reason under them.
          setFilesError(fileIssue?.message ?? (error as ApiError).message);
          goTo(filesStep);
          return;
        }
        const fields = listingSteps.flatMap((step) => step.fields) as FieldPath<ListingFormInput>[];
        applyApiError(form, error, { fields, fallback: t.submitFailed });
        // Back to the first step with an error, so the seller sees what to fix.
        const wrongStep = listingSteps.findIndex((step) =>
          step.fields.some((field) => issues.some((issue) => issue.path.split('.')[0] === field)),
        );
        if (wrongStep >= 0 && wrongStep !== activeStep) goTo(wrongStep);
      }
    },
    (errors) => {
      const wrongStep = listingSteps.findIndex((step) => step.fields.some((field) => field in errors));
      if (wrongStep >= 0) goTo(wrongStep);
    },
  );

  const termsBox = (
    <TermsAcceptance
      form={form as ListingForm}
      tutorialOpen={tutorialOpen}
      tutorialDone={tutorialDone}
      onOpenTutorial={() => setTutorialOpen(true)}
      onReadTerms={() => setTermsOpen(true)}
    />
  );

  const stepContent = [
    <EventStep key="event" form={form as ListingForm} />,
    <TimeStep key="time" form={form as ListingForm} />,
    <TicketTypeStep key="type" form={form as ListingForm} />,
    <SeatsStep key="seats" form={form as ListingForm} />,
    <PriceStep key="price" form={form as ListingForm} />,
    <TicketFilesStep
      key="files"
      form={form as ListingForm}
      files={files}
      onFilesChange={(next) => {
        setFiles(next);
        setFilesError(undefined);
      }}
      filesError={filesError}
    />,
    <ConfirmStep key="confirm" form={form as ListingForm} terms={termsBox} />,
  ];
  const step = listingSteps[activeStep];
  const last = activeStep === stepCount - 1;
  const termsAccepted = values.termsAccepted === true;

  if (!step) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => goTo(0)}>
            {t.backToStart}
          </Button>
        }
      >
        {t.invalidStep}
      </Alert>
    );
  }

  const preview = <ListingPreview values={values} />;
  return (
    <>
      <Box
        sx={{ display: 'flex', gap: 4, alignItems: 'flex-start', flexDirection: { xs: 'column', md: 'row' } }}
      >
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', p: { xs: 2, sm: 3 } }}>
          <LinearProgress
            variant="determinate"
            value={((activeStep + 1) / stepCount) * 100}
            aria-label={t.progress(activeStep + 1, stepCount)}
            sx={{ height: 8, borderRadius: 4, mb: 1 }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.progress(activeStep + 1, stepCount)}
          </Typography>
          <Typography
            ref={headingRef}
            tabIndex={-1}
            variant="h2"
            sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' }, mt: 0.5, mb: 2.5, outline: 'none' }}
          >
            {step.title}
            {step.title === 'Paikkatiedot' && (
              <Typography component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: '1rem' }}>
                {t.optional}
              </Typography>
            )}
          </Typography>
          <Box component="form" noValidate onSubmit={submit}>
            {/* A short fade between steps (spec 02 §4: about 200–450 ms). */}
            <Fade key={activeStep} in timeout={250}>
              <div>
                <Suspense fallback={<StepLoading />}>{stepContent[activeStep]}</Suspense>
              </div>
            </Fade>
            <FormError form={form} sx={{ mt: 3 }} />
            <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="outlined"
                color="secondary"
                disabled={activeStep === 0}
                onClick={() => goTo(activeStep - 1)}
              >
                {t.previous}
              </Button>
              {last ? (
                <SubmitButton
                  pending={createListing.isPending}
                  pendingLabel={t.submitting}
                  disabled={!termsAccepted}
                >
                  {t.submit}
                </SubmitButton>
              ) : (
                <Button variant="contained" onClick={next}>
                  {t.next}
                </Button>
              )}
              <Box sx={{ flex: 1 }} />
              <Button color="secondary" onClick={() => setResetOpen(true)}>
                {t.clear}
              </Button>
            </Stack>
            <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
              {t.draftKept}
            </Typography>
          </Box>
        </Paper>
        {wide ? (
          <Box sx={{ position: 'sticky', top: 88, flexShrink: 0, width: 380 }}>{preview}</Box>
        ) : (
          <Box sx={{ width: '100%' }}>
            <Button
              variant="outlined"
              color="secondary"
              aria-expanded={previewShown}
              aria-controls="listing-preview-phone"
              onClick={() => setPreviewShown((shown) => !shown)}
              fullWidth
            >
              {previewShown ? t.hidePreview : t.showPreview}
            </Button>
            <Collapse in={previewShown} timeout={400} id="listing-preview-phone">
              <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>{previewShown && preview}</Box>
            </Collapse>
          </Box>
        )}
      </Box>

      <Suspense fallback={null}>
        <WizardResetDialog open={resetOpen} onCancel={() => setResetOpen(false)} onConfirm={reset} />
      </Suspense>
      <Suspense fallback={null}>
        <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
      </Suspense>
      <Suspense fallback={null}>
        <SellerTutorialDialog
          open={tutorialOpen}
          onComplete={() => {
            setTutorialOpen(false);
            setTutorialDone(true);
            form.setValue('termsAccepted', true, { shouldValidate: true });
          }}
          onClose={() => {
            setTutorialOpen(false);
            form.setValue('termsAccepted', false as true);
          }}
        />
      </Suspense>
    </>
  );
}
