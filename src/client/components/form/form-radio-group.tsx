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
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
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
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            aria-labelledby={legendId}
            aria-describedby={fieldState.error ? helperId : undefined}
          >
            {options.map((option, index) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
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
