import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** Spec 02 §9: a success message stays 5 s. */
const shownMs = 5000;

interface Props {
  /** What was just done ('Lippu poistettu'); null hides it. */
  message: string | null;
  onClose(): void;
}

/** The short confirmation of a finished action at the bottom of the screen; a click elsewhere keeps it. */
export function DoneSnackbar({ message, onClose }: Props) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={shownMs}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {message ? (
        <Alert severity="success" variant="filled" onClose={onClose}>
          {message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
