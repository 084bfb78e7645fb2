import TextField from '@mui/material/TextField';
import { type ComponentProps, lazy, Suspense } from 'react';

// The wizard's date and time fields load on their own: the pickers and date-fns are two thirds of
// the sell page's code and are first needed on step 2. Their import starts as soon as the wizard's
// code runs, so they are there long before a seller gets to that step (decision 029).
const pickers = import('./wizard-date-time.tsx');
const LazyDateField = lazy(async () => ({ default: (await pickers).FormDateField }));
const LazyTimeField = lazy(async () => ({ default: (await pickers).FormTimeField }));

/** Until the pickers have come: the field's place at its final size, with its label. */
function FieldPlaceholder({ label }: { label: string }) {
  return <TextField label={label} required fullWidth disabled />;
}

type DateProps = ComponentProps<typeof LazyDateField>;
type TimeProps = ComponentProps<typeof LazyTimeField>;

export function FormDateField(props: DateProps) {
  return (
    <Suspense fallback={<FieldPlaceholder label={props.label} />}>
      <LazyDateField {...props} />
    </Suspense>
  );
}

export function FormTimeField(props: TimeProps) {
  return (
    <Suspense fallback={<FieldPlaceholder label={props.label} />}>
      <LazyTimeField {...props} />
    </Suspense>
  );
}
