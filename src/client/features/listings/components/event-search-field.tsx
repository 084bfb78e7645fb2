import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Ref, useEffect, useState } from 'react';
import { sellingText } from '#client/i18n/fi/selling.ts';
import { finnishDate, finnishTime, helsinkiDateTime } from '#shared/dates.ts';
import { autofillFromEvent } from '#shared/listings/event-autofill.ts';
import type { EventSearchResult } from '#shared/listings/event-search.schema.ts';
import { useEventSearch } from '../api/search-events.ts';

const t = sellingText.eventSearch;

/** Spec 02 §7: the search waits for a 500 ms pause in typing. */
const searchDelayMs = 500;

export interface EventSearchFieldProps {
  /** The event name: what the seller typed, or the name of the event they chose. */
  value: string;
  /** Every edit of the text (typing is also the event name); '' when cleared. */
  onChange(name: string): void;
  /** A search result was chosen: the wizard fields it fills (eventName among them). */
  onPick(fields: ReturnType<typeof autofillFromEvent>): void;
  onBlur(): void;
  /** The field's error, shown in place of the hint. */
  error?: string | undefined;
  /** The visible label; 'Tapahtuman nimi' by default. */
  label?: string;
  /** The input's name and ref (react-hook-form's Controller: focus on error). */
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  id?: string;
  required?: boolean;
  disabled?: boolean;
}

/** '14.5.2027 klo 19.00 · Tampere' */
function eventDetails(event: EventSearchResult): string {
  const { localDate, localTime } = event.dates.start;
  const time = localTime ? finnishTime(localTime) : '';
  const date = `${finnishDate(helsinkiDateTime(localDate, '12:00'))}${time ? ` ${time}` : ''}`;
  return [date, event.city?.name].filter(Boolean).join(' · ');
}

/**
 * The event name field with the event search (spec 02 §2): the text is the event name whether or
 * not an event is chosen; suggestions follow the typing after a pause, and choosing one fills the
 * wizard (spec 02 §4 "Event search autofill"). A failed search only shows no suggestions.
 */
export function EventSearchField({
  value,
  onChange,
  onPick,
  onBlur,
  error,
  label = t.label,
  name,
  inputRef,
  id,
  required,
  disabled,
}: EventSearchFieldProps) {
  // Only what the seller types is searched: not a restored draft, nor the name of a chosen event.
  const [typed, setTyped] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(typed), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed]);
  // Cleared text clears the list at once (spec 02 §7), without waiting for the pause.
  const { events, searching } = useEventSearch(typed.trim() === '' ? '' : debounced);

  return (
    <Autocomplete<EventSearchResult, false, false, true>
      id={id}
      freeSolo
      disabled={disabled}
      options={events}
      // The server has matched them already, accents and word order aside.
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      // Nothing stays "selected": the text is the value, and a choice is handed over in onPick.
      value={null}
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        setTyped(text);
        onChange(text);
      }}
      onChange={(_event, option) => {
        if (option && typeof option !== 'string') onPick(autofillFromEvent(option));
      }}
      onBlur={onBlur}
      loading={searching}
      loadingText={t.searching}
      clearText={t.clear}
      closeText={t.close}
      openText={t.open}
      slotProps={{ listbox: { sx: { maxHeight: 300, boxSizing: 'border-box' } } }}
      renderOption={(props, option) => {
        const { key, ...optionProps } = props;
        return (
          <li key={key} {...optionProps}>
            <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
              <Typography component="span" variant="body1">
                {option.name}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {eventDetails(option)}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          placeholder={t.placeholder}
          required={required}
          error={Boolean(error)}
          helperText={error ?? t.hint}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {searching ? <CircularProgress color="inherit" size={20} aria-label={t.searching} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
