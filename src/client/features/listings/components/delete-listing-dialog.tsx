import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { useId } from 'react';
import { FormDialog } from '#client/components/form/form-dialog.tsx';
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
  const textId = useId();
  const deletion = useDeleteListing(userId);
  return (
    <FormDialog
      open={open}
      title={t.title}
      busy={deletion.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        deletion.mutate(listing.id, { onSuccess: onDeleted });
      }}
      cancelLabel={t.cancel}
      submitLabel={t.confirm}
      pendingLabel={t.deleting}
      submitColor="error"
      size="xs"
      describedBy={textId}
    >
      <DialogContentText id={textId}>{t.text(listing.eventName)}</DialogContentText>
      {deletion.isError && <Alert severity="error">{sellingMessages.deleteFailed}</Alert>}
    </FormDialog>
  );
}
