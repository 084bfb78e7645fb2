import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Controller, type FieldPath, useWatch } from 'react-hook-form';
import { FilePickButton } from '#client/components/form/file-pick-button.tsx';
import { type AnyForm, FormTextField } from '#client/components/form/form-fields.tsx';
import { FormRadioGroup } from '#client/components/form/form-radio-group.tsx';
import { FormSelectField } from '#client/components/form/form-select-field.tsx';
import { PriceBreakdown } from '#client/components/price-breakdown.tsx';
import { sellingText } from '#client/i18n/fi/selling.ts';
import { ibanInputMaxLength } from '#shared/accounts/iban.ts';
import {
  defaultImageForEvent,
  type EventTypeCode,
  eventTypeCodes,
  eventTypeName,
} from '#shared/categories.ts';
import type { ListingFormInput } from '#shared/listings/listing.schema.ts';
import {
  additionalInfoMaxLength,
  maxTicketsPerListing,
  otherTicketType,
  standardTicketTypes,
} from '#shared/listings/listing-fields.ts';
import { tidyPriceText, typedPriceText } from '#shared/listings/price-text.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { typedPrices } from './listing-preview.tsx';
import { FormDateField, FormTimeField } from './wizard-date-fields.tsx';

const t = sellingText.wizard;
const f = t.fields;

export type ListingForm = AnyForm<ListingFormInput>;

/** A yes/no question: two radio buttons side by side, storing the given yes and no values. */
function YesNo({
  form,
  name,
  label,
  values: [yes, no],
  onPick,
}: {
  form: ListingForm;
  name: FieldPath<ListingFormInput>;
  label: string;
  values: [yes: string | boolean, no: string | boolean];
  onPick?(yes: boolean): void;
}) {
  return (
    <FormRadioGroup
      form={form}
      name={name}
      label={label}
      row
      options={[
        { value: yes, label: t.yes },
        { value: no, label: t.no },
      ]}
      onPick={(value) => onPick?.(value === yes)}
    />
  );
}

/** A price: digits, comma and dot only, a comma turned into a dot as typed; two decimals on leaving. */
function PriceField({
  form,
  name,
  label,
  hint,
}: {
  form: ListingForm;
  name: FieldPath<ListingFormInput>;
  label: string;
  hint?: string;
}) {
  return (
    <FormTextField
      form={form}
      name={name}
      label={label}
      hint={hint}
      required
      inputMode="decimal"
      autoComplete="off"
      parse={typedPriceText}
      format={tidyPriceText}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } }}
    />
  );
}

/** Step 2, Aikatiedot. */
export function TimeStep({ form }: { form: ListingForm }) {
  const multipleDays = useWatch({ control: form.control, name: 'hasMultipleDays' });
  return (
    <Stack spacing={2.5}>
      <FormDateField form={form} name="eventDate" label={f.eventDate} />
      <FormTimeField
        form={form}
        name="eventTime"
        label={f.eventTime}
        hourLabel={f.hour}
        minuteLabel={f.minute}
      />
      <YesNo
        form={form}
        name="hasMultipleDays"
        label={f.hasMultipleDays}
        values={[true, false]}
        onPick={(yes) => {
          // A single-day event has no end date (spec 02 §4).
          if (!yes) form.setValue('eventEndDate', '');
        }}
      />
      {multipleDays === true && <FormDateField form={form} name="eventEndDate" label={f.eventEndDate} />}
    </Stack>
  );
}

const eventTypeOptions = eventTypeCodes.map((code) => ({ value: code, label: eventTypeName(code) }));
/** The count takes only 1–6 (spec 02 §5): the menu offers nothing else. */
const ticketCountOptions = Array.from({ length: maxTicketsPerListing }, (_, index) => ({
  value: index + 1,
  label: String(index + 1),
}));

/**
 * Step 3, Lipputyyppi: 'Muu, mikä?' opens a field for the seller's own type. A listing sent again
 * keeps its files, so `ticketCountFixed` shows their count without letting it change.
 */
export function TicketTypeStep({ form, ticketCountFixed }: { form: ListingForm; ticketCountFixed?: string }) {
  const ticketType = useWatch({ control: form.control, name: 'ticketType' }) ?? '';
  const name = useWatch({ control: form.control, name: 'eventName' }) ?? '';
  const imageSource = useWatch({ control: form.control, name: 'imageSource' });
  const isStandard = (standardTicketTypes as readonly string[]).includes(ticketType);
  const [other, setOther] = useState(ticketType !== '' && !isStandard);
  return (
    <Stack spacing={2.5}>
      <FormSelectField
        form={form}
        name="eventType"
        label={f.eventType}
        options={eventTypeOptions}
        onPick={(code) => {
          // Without a catalogue picture, the type's default picture (spec 02 §3).
          if (imageSource === 'api') return;
          form.setValue('eventImage', defaultImageForEvent(code as EventTypeCode, name));
          form.setValue('imageSource', 'default');
        }}
      />
      <Controller
        control={form.control}
        name="ticketType"
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label={f.ticketType}
            name={field.name}
            inputRef={field.ref}
            value={other ? otherTicketType : isStandard ? ticketType : ''}
            onBlur={field.onBlur}
            onChange={(event) => {
              const choice = event.target.value;
              setOther(choice === otherTicketType);
              field.onChange(choice);
              form.clearErrors('ticketType');
            }}
            error={Boolean(fieldState.error) && !other}
            helperText={other ? undefined : fieldState.error?.message}
          >
            {[...standardTicketTypes, otherTicketType].map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {other && (
        <Controller
          control={form.control}
          name="ticketType"
          render={({ field, fieldState }) => (
            <TextField
              required
              autoFocus
              label={f.customTicketType}
              // The choice 'Muu, mikä?' is no type of its own: the field starts empty.
              value={field.value === otherTicketType ? '' : (field.value ?? '')}
              onChange={(event) => {
                field.onChange(event.target.value === '' ? otherTicketType : event.target.value);
                form.clearErrors('ticketType');
              }}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
          )}
        />
      )}
      {ticketCountFixed ? (
        <TextField
          label={f.ticketCount}
          value={String(form.getValues('ticketCount'))}
          helperText={ticketCountFixed}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      ) : (
        <FormSelectField
          form={form}
          name="ticketCount"
          label={f.ticketCount}
          options={ticketCountOptions}
          onPick={(count) => {
            if (form.getValues('hasAssignedSeat') === 'kylla')
              form.setValue('seatInfo', resizeSeats(form.getValues('seatInfo') ?? [], Number(count)));
          }}
        />
      )}
    </Stack>
  );
}

type Seat = { sector?: string; row?: string; seat?: string };

/** The seat list resized to the ticket count, the seats already typed kept (spec 02 §4). */
export function resizeSeats(seats: Seat[], count: number): Seat[] {
  return Array.from({ length: count }, (_, index) => seats[index] ?? { sector: '', row: '', seat: '' });
}

/** Step 4, Paikkatiedot (optional): one row of sector, row and seat per ticket. */
export function SeatsStep({ form }: { form: ListingForm }) {
  const seated = useWatch({ control: form.control, name: 'hasAssignedSeat' });
  const count = useWatch({ control: form.control, name: 'ticketCount' }) ?? 1;
  // An error of the whole list (missing or a wrong count), not of one ticket's fields.
  const seatError = form.formState.errors.seatInfo as
    | { message?: string; root?: { message?: string } }
    | undefined;
  const listError = seatError?.message ?? seatError?.root?.message;
  return (
    <Stack spacing={2.5}>
      <YesNo
        form={form}
        name="hasAssignedSeat"
        label={f.hasAssignedSeat}
        values={['kylla', 'ei']}
        onPick={(yes) => {
          // 'Ei' clears every seat (spec 02 §4); 'Kyllä' gives each ticket its row.
          form.setValue('seatInfo', yes ? resizeSeats(form.getValues('seatInfo') ?? [], count) : []);
        }}
      />
      {seated === 'kylla' &&
        Array.from({ length: count }, (_, index) => (
          <Box component="fieldset" key={index} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
              {f.seatTicket(index + 1)}
            </Typography>
            <Stack direction="row" spacing={1}>
              <FormTextField
                form={form}
                name={`seatInfo.${index}.sector`}
                label={f.sector}
                autoComplete="off"
              />
              <FormTextField form={form} name={`seatInfo.${index}.row`} label={f.row} autoComplete="off" />
              <FormTextField form={form} name={`seatInfo.${index}.seat`} label={f.seat} autoComplete="off" />
            </Stack>
          </Box>
        ))}
      {listError && <Alert severity="error">{listError}</Alert>}
    </Stack>
  );
}

/** Step 5, Hintatiedot. */
export function PriceStep({ form, payoutAlways }: { form: ListingForm; payoutAlways?: boolean }) {
  const count = useWatch({ control: form.control, name: 'ticketCount' }) ?? 1;
  const hasFee = useWatch({ control: form.control, name: 'hasAdditionalFee' });
  const [sellingPrice, additionalFees] = useWatch({
    control: form.control,
    name: ['sellingPrice', 'additionalFees'],
  });
  const { prices } = typedPrices({
    ticketCount: count,
    sellingPrice,
    hasAdditionalFee: hasFee,
    additionalFees,
  });
  return (
    <Stack spacing={2.5}>
      {count > 1 && <Alert severity="info">{t.totalsNote}</Alert>}
      <PriceField form={form} name="originalPrice" label={f.originalPrice} hint={f.originalPriceHint} />
      <PriceField form={form} name="sellingPrice" label={f.sellingPrice} hint={f.sellingPriceHint} />
      <YesNo
        form={form}
        name="hasAdditionalFee"
        label={f.hasAdditionalFee}
        values={['kylla', 'ei']}
        onPick={(yes) => {
          if (!yes) form.setValue('additionalFees', '');
        }}
      />
      {hasFee === 'kylla' && (
        <PriceField form={form} name="additionalFees" label={f.additionalFees} hint={f.additionalFeesHint} />
      )}
      {/* A phone has the preview folded away (and a form without one shows it always): what the
          seller is paid shows under the prices. */}
      <Paper
        component="section"
        variant="outlined"
        aria-label={t.payoutTitle}
        sx={{
          display: { xs: 'block', md: payoutAlways ? 'block' : 'none' },
          p: 2,
          bgcolor: 'background.default',
        }}
      >
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t.payoutTitle}
        </Typography>
        {prices ? (
          <PriceBreakdown prices={prices} side="seller" />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.payoutPending}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}

/** The ticket files: PDFs only, at most six, kept in memory only (never in the draft). */
function TicketFiles({
  files,
  onChange,
  error,
}: {
  files: File[];
  onChange(files: File[]): void;
  error: string | undefined;
}) {
  const labelId = useId();
  const hintId = useId();
  const [pickError, setPickError] = useState<string>();
  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = maxTicketsPerListing - files.length;
    if (picked.some((file) => file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name))) {
      setPickError(sellingMessages.onlyPdf);
      return;
    }
    if (picked.length > room) {
      setPickError(sellingMessages.filesLeft(room));
      return;
    }
    setPickError(undefined);
    onChange([...files, ...picked]);
  };
  const message = pickError ?? error;
  return (
    <FormControl error={Boolean(message)} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} component="span" sx={{ mb: 1 }}>
        {f.attachments}
      </FormLabel>
      <FilePickButton
        accept="application/pdf,.pdf"
        multiple
        onPick={add}
        variant="outlined"
        startIcon={<UploadFile />}
        aria-describedby={hintId}
        sx={{ alignSelf: 'flex-start' }}
      >
        {f.chooseFiles}
      </FilePickButton>
      {files.length > 0 && (
        <List dense>
          {files.map((file, index) => (
            <ListItem
              key={`${file.name}-${index}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={f.removeFile(file.name)}
                  onClick={() => onChange(files.filter((_, other) => other !== index))}
                >
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText
                primary={file.name}
                secondary={`${Math.max(1, Math.round(file.size / 1024))} kt`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <FormHelperText id={hintId}>{message ?? f.filesHint}</FormHelperText>
    </FormControl>
  );
}

/** Step 6, Lipputiedot: delivery (PDF), the files and the additional info. */
export function TicketFilesStep({
  form,
  files,
  onFilesChange,
  filesError,
}: {
  form: ListingForm;
  files: File[];
  onFilesChange(files: File[]): void;
  filesError: string | undefined;
}) {
  const info = useWatch({ control: form.control, name: 'additionalInfo' }) ?? '';
  return (
    <Stack spacing={2.5}>
      <TextField select label={f.deliveryMethod} value="pdf" required disabled>
        <MenuItem value="pdf">{f.pdf}</MenuItem>
      </TextField>
      <TicketFiles files={files} onChange={onFilesChange} error={filesError} />
      <FormTextField
        form={form}
        name="additionalInfo"
        label={f.additionalInfo}
        hint={`${f.additionalInfoHint} · ${info.length}/${additionalInfoMaxLength}`}
        multiline
        minRows={3}
      />
    </Stack>
  );
}

/** The IBAN as typed: upper case, grouped by four, at most 24 characters (spec 02 §5). */
export function ibanInput(typed: string): string {
  const compact = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.replace(/(.{4})(?=.)/g, '$1 ').slice(0, ibanInputMaxLength);
}

/** Step 7, Vahvistus: the payout account and the terms (the wizard draws the terms box). */
export function ConfirmStep({ form, terms }: { form: ListingForm; terms: ReactNode }) {
  return (
    <Stack spacing={2.5}>
      <Typography>{t.confirmText}</Typography>
      <FormTextField
        form={form}
        name="iban"
        label={f.iban}
        hint={f.ibanHint}
        required
        autoComplete="off"
        parse={ibanInput}
        slotProps={{ htmlInput: { maxLength: ibanInputMaxLength, spellCheck: false } }}
      />
      {terms}
    </Stack>
  );
}

interface TermsAcceptanceProps {
  form: ListingForm;
  /** The tutorial is open: leaving the box for it is no leaving of the box. */
  tutorialOpen: boolean;
  tutorialDone: boolean;
  onOpenTutorial(): void;
  onReadTerms(): void;
}

/** The last step's terms box, with the link to read them; the first tick opens the tutorial. */
export function TermsAcceptance({
  form,
  tutorialOpen,
  tutorialDone,
  onOpenTutorial,
  onReadTerms,
}: TermsAcceptanceProps) {
  const termsErrorId = useId();
  return (
    <Controller
      control={form.control}
      name="termsAccepted"
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormControlLabel
            label={f.terms}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                // The tutorial taking the focus is no leaving of the box: its error would show
                // behind the dialog, for a box the seller is in the middle of ticking.
                onBlur={() => {
                  if (!tutorialOpen) field.onBlur();
                }}
                onChange={(event) => {
                  form.clearErrors('termsAccepted');
                  // The first time, the tutorial comes first; completing it ticks the box (spec 02 §4).
                  if (event.target.checked && !tutorialDone) onOpenTutorial();
                  else field.onChange(event.target.checked);
                }}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-invalid': Boolean(fieldState.error),
                    'aria-describedby': fieldState.error ? termsErrorId : undefined,
                  },
                }}
              />
            }
          />
          <Link component="button" type="button" onClick={onReadTerms} sx={{ alignSelf: 'flex-start' }}>
            {f.readTerms}
          </Link>
          {fieldState.error && <FormHelperText id={termsErrorId}>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
