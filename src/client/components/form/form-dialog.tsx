import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, type ReactNode, useId } from 'react';
import { SubmitButton } from './submit-button.tsx';

interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** The submit is running: the dialog stays open and both buttons wait. */
  busy: boolean;
  /** Cancel, Escape and the backdrop. */
  onClose(): void;
  /** The form's submit (react-hook-form's `handleSubmit(...)`, or a handler that prevents the default). */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's label while busy (e.g. 'Tallennetaan…'). */
  pendingLabel?: string;
  /** 'error' for a decision that cannot be taken back. */
  submitColor?: ButtonProps['color'];
  /** False keeps the submit button disabled (a live form that is not valid yet). */
  canSubmit?: boolean;
  /**
   * 'sm' (the default): a form of several parts, full screen on a phone. 'xs': a short question
   * that stays a small box.
   */
  size?: 'sm' | 'xs';
  /** The id of the text that describes the dialog, when it is one question. */
  describedBy?: string;
  /** The space between the content's parts (theme spacing). */
  gap?: number;
  /** The form's fields and texts, stacked. */
  children: ReactNode;
}

/**
 * A dialog that is one form: title, the fields stacked, and Cancel beside the submit button (a
 * `SubmitButton`). While the submit runs the dialog cannot be closed.
 */
export function FormDialog({
  open,
  title,
  busy,
  onClose,
  onSubmit,
  cancelLabel,
  submitLabel,
  pendingLabel,
  submitColor,
  canSubmit = true,
  size = 'sm',
  describedBy,
  gap = 2,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={size === 'sm' && phone}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth={size}
      fullWidth
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap }}>{children}</Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <SubmitButton color={submitColor} disabled={!canSubmit} pending={busy} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
