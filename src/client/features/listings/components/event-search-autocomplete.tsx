import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sellingText } from '#client/i18n/fi/selling.ts';
import { finnishDate, finnishTime, helsinkiDateTime } from '#shared/dates.ts';
import { autofillFromEvent } from '#shared/listings/event-autofill.ts';
import type { EventSearchResult } from '#shared/listings/event-search.schema.ts';
import type { EventSearchFieldProps } from './event-search-field.tsx';

// The event search's list (MUI's Autocomplete and its popper, a sixth of the sell page's code):
// event-search-field.tsx loads it after the wizard's first paint and stands in for it until then.

const t = sellingText.eventSearch;

/** '14.5.2027 klo 19.00 · Tampere' */
function eventDetails(event: EventSearchResult): string {
  const { localDate, localTime } = event.dates.start;
  const time = localTime ? finnishTime(localTime) : '';
  const date = `${finnishDate(helsinkiDateTime(localDate, '12:00'))}${time ? ` ${time}` : ''}`;
  return [date, event.city?.name].filter(Boolean).join(' · ');
}

interface Props extends Omit<EventSearchFieldProps, 'onChange'> {
  events: EventSearchResult[];
  searching: boolean;
  /** The seller typed or cleared the text. */
  onType(text: string): void;
  /** The stand-in had the focus: the seller's typing goes on here. */
  autoFocus: boolean;
}

/** The event name with its suggestions: choosing one hands its fields over in onPick. */
export function EventSearchAutocomplete({
  value,
  events,
  searching,
  onType,
  onPick,
  onBlur,
  error,
  label = t.label,
  name,
  inputRef,
  id,
  required,
  disabled,
  autoFocus,
}: Props) {
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
        onType(text);
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
      // The suggestions stay inside the page's main landmark instead of at the end of the body,
      // where a screen reader's landmark navigation would not find them.
      disablePortal
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
          autoFocus={autoFocus}
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
