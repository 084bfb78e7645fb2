import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  get,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * TextField props for a react-hook-form field: its error under the field, cleared as soon as the
 * user edits the field (spec 01 §2: "errors are cleared on edit"); the form checks again on submit.
 */
export function textFieldProps<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: FieldPath<T>,
  hint?: string,
) {
  const { ref, ...field } = form.register(name, { onChange: () => form.clearErrors(name) });
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return {
    ...field,
    inputRef: ref,
    error: Boolean(message),
    helperText: message ?? hint,
    fullWidth: true,
  };
}

interface CheckboxFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  onEdit?(): void;
}

/** A required checkbox with its error message below it. */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  onEdit,
}: CheckboxFieldProps<T>) {
  const helperId = useId();
  return (
    <Controller
      control={control}
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
                  onEdit?.();
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
