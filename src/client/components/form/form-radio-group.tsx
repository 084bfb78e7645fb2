import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { AnyForm } from './form-fields.tsx';

interface FormRadioGroupProps<T extends FieldValues> {
  form: AnyForm<T>;
  name: FieldPath<T>;
  /** The group's legend. */
  label: string;
  /** The choices; a value may be a boolean (a yes/no question kept as true/false). */
  options: readonly { value: string | boolean; label: string }[];
  disabled?: boolean;
  /** The buttons side by side (a short yes/no) instead of one under another. */
  row?: boolean;
  /** Called after the user picks, with the picked value (to clear what the choice makes moot). */
  onPick?(value: string | boolean): void;
}

/**
 * A required choice of one, as radio buttons under a legend, with its error below; a file of its
 * own, like the checkbox, so forms without one do not load it.
 */
export function FormRadioGroup<T extends FieldValues>({
  form,
  name,
  label,
  options,
  disabled,
  row,
  onPick,
}: FormRadioGroupProps<T>) {
  const legendId = useId();
  const helperId = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)} required disabled={disabled}>
          <FormLabel id={legendId} component="legend">
            {label}
          </FormLabel>
          <RadioGroup
            row={row}
            name={field.name}
            value={field.value === undefined || field.value === null ? '' : String(field.value)}
            onChange={(event) => {
              const picked = options.find((option) => String(option.value) === event.target.value);
              if (!picked) return;
              field.onChange(picked.value);
              form.clearErrors(name);
              onPick?.(picked.value);
            }}
            onBlur={field.onBlur}
            aria-labelledby={legendId}
            aria-describedby={fieldState.error ? helperId : undefined}
          >
            {options.map((option, index) => (
              <FormControlLabel
                key={String(option.value)}
                value={String(option.value)}
                label={option.label}
                // The first radio takes the focus when the form points at the group.
                control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
              />
            ))}
          </RadioGroup>
          {fieldState.error?.message && (
            <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}
