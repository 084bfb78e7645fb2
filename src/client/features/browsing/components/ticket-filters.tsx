import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import type { SortOption } from '#shared/browsing/public-list.schema.ts';
import { categoryChoices, type FilterCategory, type ListParams, sortChoices } from '../list-params.ts';

// The list's controls (spec 01 §2 Home), built to work from the first paint, before the app has
// started on a slow phone: the search is a real GET form to '/' and the categories are links, so
// what a visitor does in that second is not lost. Once the app runs, both work in place.

const searchDelayMs = 300;

interface ChangeProps {
  params: ListParams;
  /** `replace` while the user types, so each keystroke does not become a history entry. */
  onChange(change: Partial<ListParams>, options: { replace: boolean }): void;
}

/** The hero's search box: results follow the typing; Enter (or the button) searches at once. */
export function TicketSearch({ params, onChange, onSubmitted }: ChangeProps & { onSubmitted(): void }) {
  const id = useId();
  const [search, setSearch] = useState(params.searchTerm);
  // The last term this box wrote to the URL: a different one came from outside (back button).
  const written = useRef(params.searchTerm);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (params.searchTerm !== written.current) {
      written.current = params.searchTerm;
      setSearch(params.searchTerm);
    }
  }, [params.searchTerm]);

  // Text typed into the server's page before the app took it over is in the box but not in the
  // state (React leaves an input's text alone when it takes a page over): adopt it, and it is
  // searched like any typing.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== written.current) setSearch(typed);
  }, []);

  useEffect(() => {
    if (search === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = search;
      onChangeRef.current({ searchTerm: search }, { replace: true });
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [search]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    written.current = search;
    onChange({ searchTerm: search }, { replace: false });
    // Closes a phone's keyboard, so the results can be seen.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onSubmitted();
  };

  return (
    <Box component="form" role="search" aria-label={t.filtersLabel} action="/" method="get" onSubmit={submit}>
      {/* Without the app, the form keeps the chosen order and category. */}
      {params.sortBy !== sortChoices[0] && <input type="hidden" name="sortBy" value={params.sortBy} />}
      {params.filterCategory !== 'all' && (
        <input type="hidden" name="filterCategory" value={params.filterCategory} />
      )}
      <FormControl fullWidth sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
        <InputLabel htmlFor={`${id}-search`}>{t.searchLabel}</InputLabel>
        <OutlinedInput
          id={`${id}-search`}
          name="searchTerm"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          label={t.searchLabel}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          inputRef={input}
          slotProps={{ input: { maxLength: 100 } }}
          endAdornment={
            <InputAdornment position="end">
              <IconButton type="submit" edge="end" aria-label={t.searchButton}>
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          }
        />
      </FormControl>
    </Box>
  );
}

/**
 * The categories as a row of links (it scrolls sideways on a phone). Links, not buttons: they
 * work before the app starts, and each choice is a history entry, as the spec's URL state wants.
 */
export function CategoryLinks({
  params,
  hrefFor,
}: {
  params: ListParams;
  hrefFor(category: FilterCategory): string;
}) {
  return (
    <Box
      component="nav"
      aria-label={t.categoryLabel}
      sx={{
        display: 'flex',
        gap: 1,
        mt: 1.5,
        overflowX: 'auto',
        scrollbarWidth: 'none',
        // Room for the focus ring, which the scroll box would clip.
        p: '4px',
        mx: '-4px',
      }}
    >
      {categoryChoices.map((choice) => {
        const selected = params.filterCategory === choice;
        return (
          <Box
            key={choice}
            component={RouterLink}
            to={hrefFor(choice)}
            preventScrollReset
            aria-current={selected ? 'true' : undefined}
            sx={{
              flex: '0 0 auto',
              display: 'inline-flex',
              alignItems: 'center',
              height: 36,
              px: 1.75,
              borderRadius: 18,
              border: 1,
              borderColor: selected ? 'secondary.main' : 'rgba(59, 42, 29, 0.35)',
              bgcolor: selected ? 'secondary.main' : 'rgba(255, 255, 255, 0.75)',
              color: selected ? 'secondary.contrastText' : 'text.primary',
              fontWeight: 700,
              fontSize: '0.875rem',
              textDecoration: 'none',
              whiteSpace: 'nowrap',
              '&:hover': { bgcolor: selected ? 'secondary.dark' : 'background.paper' },
            }}
          >
            {choice === 'all' ? t.categoryAll : choice}
          </Box>
        );
      })}
    </Box>
  );
}

/** The order of the list: a native select, light and at home on phones. */
export function SortSelect({ params, onChange }: ChangeProps) {
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel htmlFor={id} shrink>
        {t.sortLabel}
      </InputLabel>
      <NativeSelect
        value={params.sortBy}
        onChange={(event) => onChange({ sortBy: event.target.value as SortOption }, { replace: false })}
        input={<OutlinedInput id={id} label={t.sortLabel} notched />}
      >
        {sortChoices.map((choice) => (
          <option key={choice} value={choice}>
            {t.sortOptions[choice]}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
