import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { AnyForm } from './form-fields.tsx';

interface FormSelectFieldProps<T extends FieldValues> {
  form: AnyForm<T>;
  name: FieldPath<T>;
  label: string;
  /** The choices; a value may be a number (a count kept as a number). */
  options: readonly { value: string | number; label: string }[];
  /** Called after the user picks, with the picked value (to update what depends on it). */
  onPick?(value: string | number): void;
}

/** A required choice of one from a menu, with its error below; a file of its own like the radio group. */
export function FormSelectField<T extends FieldValues>({
  form,
  name,
  label,
  options,
  onPick,
}: FormSelectFieldProps<T>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value === undefined || field.value === null ? '' : String(field.value)}
          onBlur={field.onBlur}
          onChange={(event) => {
            const picked = options.find((option) => String(option.value) === event.target.value);
            if (!picked) return;
            field.onChange(picked.value);
            form.clearErrors(name);
            onPick?.(picked.value);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={String(option.value)} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
