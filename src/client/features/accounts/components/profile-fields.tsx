import Grid from '@mui/material/Grid';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormCheckbox } from '#client/components/form/form-checkbox.tsx';
import { FormTextField } from '#client/components/form/form-fields.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import type { CompleteProfileInput } from '#shared/accounts/accounts.schema.ts';

// The profile fields that registration and profile completion share (spec 01 §5): the names, the
// public username and the age confirmation. The two forms order and lay them out differently.

const f = accountsText.fields;

type ProfileValues = Pick<CompleteProfileInput, 'firstName' | 'lastName' | 'username' | 'isAdult'>;

interface Props<T extends ProfileValues & FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: only the values are read, never the transformed output
  form: UseFormReturn<T, any, any>;
}

// The names are fields of every form using these, which TypeScript cannot see through a generic T.
const path = <T extends FieldValues>(name: keyof ProfileValues) => name as FieldPath<T>;

/** First and last name, side by side from the `sm` width (`inRow`) or one under the other. */
export function NameFields<T extends ProfileValues & FieldValues>({
  form,
  inRow,
}: Props<T> & { inRow?: boolean }) {
  const firstName = (
    <FormTextField
      form={form}
      name={path<T>('firstName')}
      label={f.firstName}
      autoComplete="given-name"
      required
    />
  );
  const lastName = (
    <FormTextField
      form={form}
      name={path<T>('lastName')}
      label={f.lastName}
      autoComplete="family-name"
      required
    />
  );
  if (!inRow)
    return (
      <>
        {firstName}
        {lastName}
      </>
    );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>{firstName}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{lastName}</Grid>
    </Grid>
  );
}

/** The public username, with the hint that it shows when selling. */
export function UsernameField<T extends ProfileValues & FieldValues>({ form }: Props<T>) {
  return (
    <FormTextField
      form={form}
      name={path<T>('username')}
      label={f.username}
      autoComplete="username"
      required
      hint={f.usernameHint}
    />
  );
}

/** The 18+ confirmation. */
export function AdultCheckbox<T extends ProfileValues & FieldValues>({ form }: Props<T>) {
  return <FormCheckbox form={form} name={path<T>('isAdult')} label={f.isAdult} />;
}
