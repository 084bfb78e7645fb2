import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps extends ButtonProps {
  /** The action is running: the button is disabled and shows a spinner. */
  pending: boolean;
  /** The label while pending (e.g. 'Kirjaudutaan…'); without it the label stays. */
  pendingLabel?: string;
}

/**
 * A form's submit button (or, with `type="button"`, an action's button) that shows its action's
 * progress. The spinner is hidden from screen readers: the label says what is happening.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  type = 'submit',
  variant = 'contained',
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button
      {...props}
      type={type}
      variant={variant}
      disabled={pending || disabled}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
