import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { AnyForm } from './form-fields.tsx';

interface FormCheckboxProps<T extends FieldValues> {
  form: AnyForm<T>;
  name: FieldPath<T>;
  label: string;
}

/** A required checkbox with its error message below it; the error clears when it is ticked or unticked. */
export function FormCheckbox<T extends FieldValues>({ form, name, label }: FormCheckboxProps<T>) {
  const helperId = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} required>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                  form.clearErrors(name);
                }}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-invalid': Boolean(fieldState.error),
                    'aria-describedby': fieldState.error ? helperId : undefined,
                  },
                }}
              />
            }
          />
          {fieldState.error?.message && (
            <FormHelperText id={helperId} sx={{ mt: -0.5 }}>
              {fieldState.error.message}
            </FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}
