import SearchIcon from '@mui/icons-material/Search';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useRef, useState } from 'react';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import type { SortOption } from '#shared/browsing/public-list.schema.ts';
import { categoryChoices, type FilterCategory, type ListParams, sortChoices } from '../list-params.ts';

const searchDelayMs = 300;

interface Props {
  params: ListParams;
  /** `replace` while the user types, so each keystroke does not become a history entry. */
  onChange(change: Partial<ListParams>, options: { replace: boolean }): void;
}

/** The hero's search, sort and category box (spec 01 §2 Home). */
interface SelectProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  minWidth: number;
}

// Native selects: light for the first bundle (no menu, popover or modal) and at home on phones.
function NativeSelectField({ id, label, value, onChange, options, minWidth }: SelectProps) {
  return (
    <FormControl sx={{ flex: 1, minWidth }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput id={id} label={label} notched />}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

export function TicketFilters({ params, onChange }: Props) {
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

  useEffect(() => {
    if (search === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = search;
      onChangeRef.current({ searchTerm: search }, { replace: true });
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [search]);

  return (
    <Paper
      role="search"
      aria-label={t.filtersLabel}
      elevation={3}
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, maxWidth: 960 }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
        <FormControl sx={{ flex: 2 }}>
          <InputLabel htmlFor={`${id}-search`}>{t.searchLabel}</InputLabel>
          <OutlinedInput
            id={`${id}-search`}
            type="search"
            label={t.searchLabel}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ input: { maxLength: 100 } }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            }
          />
        </FormControl>
        <NativeSelectField
          id={`${id}-sort`}
          label={t.sortLabel}
          value={params.sortBy}
          onChange={(value) => onChange({ sortBy: value as SortOption }, { replace: false })}
          options={sortChoices.map((choice) => ({ value: choice, label: t.sortOptions[choice] }))}
          minWidth={190}
        />
        <NativeSelectField
          id={`${id}-category`}
          label={t.categoryLabel}
          value={params.filterCategory}
          onChange={(value) => onChange({ filterCategory: value as FilterCategory }, { replace: false })}
          options={categoryChoices.map((choice) => ({
            value: choice,
            label: choice === 'all' ? t.categoryAll : choice,
          }))}
          minWidth={170}
        />
      </Stack>
    </Paper>
  );
}
