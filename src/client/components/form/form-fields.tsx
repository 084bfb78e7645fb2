/**
 * The client's form kit: fields bound to react-hook-form, the form's own message, and (beside
 * this file) the submit button, the form dialog and the one mapping of an API error onto a form.
 *
 * - `FormTextField`, `FormPasswordField`, `FormCheckbox`, `FormRadioGroup` and `FormSelectField`
 *   (form-checkbox.tsx, form-radio-group.tsx, form-select-field.tsx: files of their own, so that
 *   forms without one do not load it): a field
 *   with its error under it, wired to the input with `aria-invalid` and `aria-describedby`. By
 *   default an error clears as soon as the user edits the field and the form checks again on
 *   submit (spec 01 §2); `errorsShow="touched"` is for live forms (`mode: 'onChange'`) that show
 *   an error once the field has been visited.
 * - `FormError`: the form-level message above the submit button (react-hook-form's `root.server`).
 * - `SubmitButton` (submit-button.tsx): disabled with a spinner while its action runs.
 * - `FormDialog` (form-dialog.tsx): a dialog that is one form, with Cancel beside the submit button.
 * - `applyApiError` (apply-api-error.ts): a failed call's field issues under their fields, the rest
 *   as the form's message.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ComponentType, useState } from 'react';
import {
  Controller,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { common } from '#client/i18n/fi/common.ts';
import { formMessageKey } from './apply-api-error.ts';

/** A react-hook-form form, whatever its resolver turns the values into. */
// biome-ignore lint/suspicious/noExplicitAny: the kit never reads the transformed values
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/** A password input with a show/hide toggle. */
function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? common.form.hidePassword : common.form.showPassword}
                aria-pressed={visible}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

type BoundTextProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'helperText'
>;

export interface FormTextFieldProps<T extends FieldValues> extends BoundTextProps {
  form: AnyForm<T>;
  name: FieldPath<T>;
  /** Shown under the field while it has no error. */
  hint?: string;
  /** 'edit' (default): shown until the field is edited; 'touched': shown once the field has been visited. */
  errorsShow?: 'edit' | 'touched';
  /** Applied to what the user types (e.g. upper case). */
  parse?(typed: string): string;
  /** Applied when the user leaves the field (e.g. grouping). */
  format?(value: string): string;
  /** Called on every edit, after the field's error has been cleared. */
  onEdit?(): void;
}

/**
 * A field drawn by the server takes input before the app is live; hydration keeps the element and
 * its typed text, but the form's value is still empty, and the next render would empty the field.
 * The element arrives here with that text: the form takes it over (docs/decisions/029).
 */
function keepTextTypedBeforeHydration(
  element: HTMLInputElement | null,
  value: unknown,
  take: (typed: string) => void,
): void {
  const typed = element?.value;
  if (typed && (value === undefined || value === '')) queueMicrotask(() => take(typed));
}

function BoundTextField<T extends FieldValues>({
  form,
  name,
  hint,
  errorsShow = 'edit',
  parse,
  format,
  onEdit,
  fullWidth = true,
  input: Input,
  ...textFieldProps
}: FormTextFieldProps<T> & { input: ComponentType<TextFieldProps> }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const message = errorsShow === 'edit' || fieldState.isTouched ? fieldState.error?.message : undefined;
        return (
          <Input
            {...textFieldProps}
            name={field.name}
            value={field.value ?? ''}
            inputRef={(element: HTMLInputElement | null) => {
              field.ref(element);
              keepTextTypedBeforeHydration(element, field.value, (typed) =>
                field.onChange(parse ? parse(typed) : typed),
              );
            }}
            onChange={(event) => {
              field.onChange(parse ? parse(event.target.value) : event.target.value);
              if (errorsShow === 'edit') form.clearErrors(name);
              onEdit?.();
            }}
            onBlur={() => {
              if (format) field.onChange(format(String(field.value ?? '')));
              field.onBlur();
            }}
            // TextField gives the helper text an id and points the input's aria-describedby at
            // it; `error` sets aria-invalid.
            error={Boolean(message)}
            helperText={message ?? hint}
            fullWidth={fullWidth}
          />
        );
      }}
    />
  );
}

/** A text field of a react-hook-form form, with its error (or hint) under it. */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  return <BoundTextField<T> {...props} input={TextField} />;
}

/** A password field of a react-hook-form form, with the show/hide toggle. */
export function FormPasswordField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, 'type'>) {
  return <BoundTextField<T> {...props} input={PasswordField} />;
}

/** The form-level message (set by `applyApiError`), where the forms show it: above the button. */
export function FormError<T extends FieldValues>({ form, sx }: { form: AnyForm<T>; sx?: SxProps<Theme> }) {
  const { errors } = useFormState({ control: form.control });
  const message = errors.root?.[formMessageKey]?.message;
  if (!message) return null;
  return (
    <Alert severity="error" sx={sx}>
      {message}
    </Alert>
  );
}
