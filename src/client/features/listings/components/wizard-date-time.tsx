import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { fiFI } from '@mui/x-date-pickers/locales';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { fi } from 'date-fns/locale/fi';
import { type ReactNode, type Ref, useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import type { AnyForm } from '#client/components/form/form-fields.tsx';
import { helsinkiDate } from '#shared/dates.ts';
import type { ListingFormInput } from '#shared/listings/listing.schema.ts';

// The wizard's date and time inputs (spec 02 §5): a date picker in dd.MM.yyyy from today with
// Monday first (date-fns' Finnish locale), and the time in 5-minute steps — hour and minute
// selects on a phone. The form keeps 'YYYY-MM-DD' and 'HH:MM' text, as the server takes them.

type Form = AnyForm<ListingFormInput>;

const pickerText = fiFI.components.MuiLocalizationProvider.defaultProps.localeText;

/** Finnish dates and the pickers' own Finnish words, for whatever it wraps. */
function WizardDatesProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={fi} localeText={pickerText}>
      {children}
    </LocalizationProvider>
  );
}

/** The spec's last date (spec 02 §5: 1900-01-01 to 2099-12-31). */
const lastPickableDay = new Date(2099, 11, 31);

const pad = (n: number) => String(n).padStart(2, '0');

/** A picker's Date as the form's 'YYYY-MM-DD'; '' for none, 'invalid' for a half-typed one. */
function isoFromDate(date: Date | null): string {
  if (date === null) return '';
  if (Number.isNaN(date.getTime())) return 'invalid';
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function dateFromIso(value: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  // setFullYear, not the constructor: the constructor reads years 0–99 as 1900–1999.
  const date = new Date(2000, 0, 1);
  date.setFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date;
}

/**
 * The picker's value. While a date is half typed the picker reports an invalid Date, a new object
 * on every key; fed back, it would count as a new value and wipe the parts typed so far. So the
 * picker keeps the last whole value (or none) until the typing makes a whole one, and follows the
 * form when the form changes it (an event picked, the form cleared).
 */
function usePickerValue(
  formValue: string,
  fromForm: (value: string) => Date | null,
  toForm: (value: Date | null) => string,
) {
  const [value, setValue] = useState<Date | null>(() => fromForm(formValue));
  const [seen, setSeen] = useState(formValue);
  if (formValue !== seen) {
    setSeen(formValue);
    // Only a change the form made itself; the echo of the picker's own value is left alone (a
    // year typed as '2' is year 2, which a Date made from the text would turn into 1902).
    if (formValue !== 'invalid' && formValue !== toForm(value)) setValue(fromForm(formValue));
  }
  const pick = (next: Date | null) => {
    if (next === null || !Number.isNaN(next.getTime())) setValue(next);
  };
  return [value, pick] as const;
}

export function FormDateField({
  form,
  name,
  label,
}: {
  form: Form;
  name: FieldPath<ListingFormInput>;
  label: string;
}) {
  const today = dateFromIso(helsinkiDate(new Date()));
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          value={String(field.value ?? '')}
          onChange={(value) => {
            field.onChange(value);
            form.clearErrors(name);
          }}
          label={label}
          minDate={today}
          textField={{
            name: field.name,
            inputRef: field.ref,
            onBlur: field.onBlur,
            error: Boolean(fieldState.error),
            helperText: fieldState.error?.message,
          }}
        />
      )}
    />
  );
}

interface FieldSlot {
  name: string;
  inputRef: Ref<HTMLInputElement>;
  onBlur(): void;
  error: boolean;
  helperText: string | undefined;
}

function DateInput({
  value,
  onChange,
  label,
  minDate,
  textField,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  minDate: Date | null;
  textField: FieldSlot;
}) {
  const [date, setDate] = usePickerValue(value, dateFromIso, isoFromDate);
  const { inputRef, ...slot } = textField;
  return (
    <WizardDatesProvider>
      <DatePicker
        label={label}
        format="dd.MM.yyyy"
        value={date}
        minDate={minDate ?? undefined}
        maxDate={lastPickableDay}
        onChange={(next) => {
          setDate(next);
          onChange(isoFromDate(next));
        }}
        inputRef={inputRef}
        slotProps={{ textField: { ...slot, required: true, fullWidth: true } }}
      />
    </WizardDatesProvider>
  );
}

const minutes = Array.from({ length: 12 }, (_, index) => pad(index * 5));
const hours = Array.from({ length: 24 }, (_, index) => pad(index));

export function FormTimeField({
  form,
  name,
  label,
  hourLabel,
  minuteLabel,
}: {
  form: Form;
  name: FieldPath<ListingFormInput>;
  label: string;
  hourLabel: string;
  minuteLabel: string;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const [hour = '', minute = ''] = String(field.value ?? '').split(':');
        const set = (next: string) => {
          field.onChange(next);
          form.clearErrors(name);
        };
        if (phone) {
          const select = (which: 'hour' | 'minute') => (
            <TextField
              select
              required
              fullWidth
              label={which === 'hour' ? `${label}: ${hourLabel}` : minuteLabel}
              name={which === 'hour' ? field.name : `${field.name}-minute`}
              inputRef={which === 'hour' ? field.ref : undefined}
              value={which === 'hour' ? hour : minute}
              onBlur={field.onBlur}
              onChange={(event) =>
                set(
                  which === 'hour'
                    ? `${event.target.value}:${minute || '00'}`
                    : `${hour || '00'}:${event.target.value}`,
                )
              }
              error={Boolean(fieldState.error)}
              helperText={which === 'hour' ? fieldState.error?.message : undefined}
            >
              {(which === 'hour'
                ? hours
                : minutes.includes(minute) || !minute
                  ? minutes
                  : [...minutes, minute]
              ).map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
          );
          return (
            <Stack direction="row" spacing={1}>
              {select('hour')}
              {select('minute')}
            </Stack>
          );
        }
        return (
          <TimeInput
            value={String(field.value ?? '')}
            onChange={set}
            label={label}
            textField={{
              name: field.name,
              inputRef: field.ref,
              onBlur: field.onBlur,
              error: Boolean(fieldState.error),
              helperText: fieldState.error?.message,
            }}
          />
        );
      }}
    />
  );
}

/** A picker's time as the form's 'HH:MM'; '' for none, 'invalid' for a half-typed one. */
function timeText(time: Date | null): string {
  if (time === null) return '';
  if (Number.isNaN(time.getTime())) return 'invalid';
  return `${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

const timeFromText = (value: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? new Date(2000, 0, 1, Number(match[1]), Number(match[2])) : null;
};

function TimeInput({
  value,
  onChange,
  label,
  textField,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  textField: FieldSlot;
}) {
  const [time, setTime] = usePickerValue(value, timeFromText, timeText);
  const { inputRef, ...slot } = textField;
  return (
    <WizardDatesProvider>
      <TimePicker
        label={label}
        ampm={false}
        format="HH:mm"
        minutesStep={5}
        value={time}
        inputRef={inputRef}
        onChange={(next) => {
          setTime(next);
          onChange(timeText(next));
        }}
        slotProps={{ textField: { ...slot, required: true, fullWidth: true } }}
      />
    </WizardDatesProvider>
  );
}
