import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { sellingText } from '#client/i18n/fi/selling.ts';

const t = sellingText.wizard;

interface Props {
  open: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** 'Tyhjennä': the wizard asks before it forgets the draft. */
export function WizardResetDialog({ open, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="reset-title">
      <DialogTitle id="reset-title">{t.resetTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t.resetText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          {t.resetConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
