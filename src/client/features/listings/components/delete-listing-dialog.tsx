import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { useDeleteListing } from '../api/delete-listing.ts';

const t = myListingsText.deleteDialog;

interface Props {
  open: boolean;
  userId: string;
  listing: { id: string; eventName: string };
  onClose(): void;
  onDeleted(): void;
}

/** 'Poista' of a listing under review (spec 02 §7 "Delete listing"): asks first, as it cannot be undone. */
export function DeleteListingDialog({ open, userId, listing, onClose, onDeleted }: Props) {
  const titleId = useId();
  const textId = useId();
  const deletion = useDeleteListing(userId);
  const busy = deletion.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t.text(listing.eventName)}</DialogContentText>
        {deletion.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {sellingMessages.deleteFailed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <SubmitButton
          type="button"
          color="error"
          pending={busy}
          pendingLabel={t.deleting}
          onClick={() => deletion.mutate(listing.id, { onSuccess: onDeleted })}
        >
          {t.confirm}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
