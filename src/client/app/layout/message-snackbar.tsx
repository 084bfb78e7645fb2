import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

interface Props {
  shown: { message: string; severity: AlertColor } | null;
  onClose(): void;
}

/** The snackbar of NavigationSnackbar: loaded with the first message, not with the app. */
export default function MessageSnackbar({ shown, onClose }: Props) {
  return (
    <Snackbar
      open={shown !== null}
      autoHideDuration={6000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {shown ? (
        <Alert severity={shown.severity} variant="filled" onClose={onClose}>
          {shown.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
