import TextField from '@mui/material/TextField';
import { lazy, type Ref, Suspense, useEffect, useRef, useState } from 'react';
import { sellingText } from '#client/i18n/fi/selling.ts';
import type { autofillFromEvent } from '#shared/listings/event-autofill.ts';
import { useEventSearch } from '../api/search-events.ts';

const t = sellingText.eventSearch;

/** Spec 02 §7: the search waits for a 500 ms pause in typing. */
const searchDelayMs = 500;

// The suggestions' code loads as soon as the wizard's does, after its first paint (decision 029).
const autocomplete = import('./event-search-autocomplete.tsx');
const EventSearchAutocomplete = lazy(async () => ({ default: (await autocomplete).EventSearchAutocomplete }));

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

/**
 * The event name field with the event search (spec 02 §2): the text is the event name whether or
 * not an event is chosen; suggestions follow the typing after a pause, and choosing one fills the
 * wizard (spec 02 §4 "Event search autofill"). A failed search only shows no suggestions. Until
 * the suggestions' code has come, a plain field of the same size takes the typing.
 */
export function EventSearchField(props: EventSearchFieldProps) {
  const { value, onChange, onBlur, error, label = t.label, name, inputRef, id, required, disabled } = props;
  // Only what the seller types is searched: not a restored draft, nor the name of a chosen event.
  const [typed, setTyped] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(typed), searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed]);
  // Cleared text clears the list at once (spec 02 §7), without waiting for the pause.
  const { events, searching } = useEventSearch(typed.trim() === '' ? '' : debounced);
  const standInFocused = useRef(false);
  const type = (text: string) => {
    setTyped(text);
    onChange(text);
  };

  return (
    <Suspense
      fallback={
        <TextField
          id={id}
          name={name}
          inputRef={inputRef}
          value={value}
          onChange={(event) => type(event.target.value)}
          onFocus={() => {
            standInFocused.current = true;
          }}
          onBlur={() => {
            standInFocused.current = false;
            onBlur();
          }}
          label={label}
          placeholder={t.placeholder}
          required={required}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error ?? t.hint}
          autoComplete="off"
          fullWidth
        />
      }
    >
      <EventSearchAutocomplete
        {...props}
        events={events}
        searching={searching}
        onType={type}
        autoFocus={standInFocused.current}
      />
    </Suspense>
  );
}
