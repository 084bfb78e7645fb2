import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense, useState } from 'react';
import { DoneSnackbar } from '#client/components/done-snackbar.tsx';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { useDialogTarget } from '#client/components/use-dialog-target.ts';
import { adminText } from '#client/i18n/fi/admin.ts';
import type { AdminListing } from '#shared/admin/admin.schema.ts';
import { useApproveListing } from '../api/approve-listing.ts';
import { usePendingListings } from '../api/get-pending-listings.ts';
import { failureMessage } from '../failure-message.ts';
import { AdminListingCard } from './admin-listing-card.tsx';

const t = adminText.review;

// The dialogs' code (the reject form's fields, the file viewer, the picture choice) loads when one
// is first opened, not before the cards, the area's largest paint (decision 029).
const RejectListingDialog = lazy(async () => ({
  default: (await import('./reject-listing-dialog.tsx')).RejectListingDialog,
}));
const TicketFilesDialog = lazy(async () => ({
  default: (await import('./ticket-files-dialog.tsx')).TicketFilesDialog,
}));
const ChangeImageDialog = lazy(async () => ({
  default: (await import('./change-image-dialog.tsx')).ChangeImageDialog,
}));

interface Props {
  /** A listing went on sale: the page drops what it cached of the public list. */
  onListingApproved(listingId: string): void;
}

/**
 * The listing review tab (spec 02 §2, §4 "Admin approval", "Admin rejection"): a card for each
 * listing waiting for review, newest first. Approving or rejecting takes the card away; a failure
 * is told above the list (another admin's decision in the meantime with the server's words, and
 * the list is fetched again).
 */
// Memoised as the panel is (admin-area.tsx): a re-render of the page above needs none of the cards.
export const ListingReviewTab = memo(function ListingReviewTab({ onListingApproved }: Props) {
  const listings = usePendingListings();
  const approve = useApproveListing(onListingApproved);
  const rejection = useDialogTarget<AdminListing>();
  const files = useDialogTarget<AdminListing>();
  const image = useDialogTarget<AdminListing>();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const approveListing = (listing: AdminListing) => {
    setFailure(null);
    approve.mutate(listing.id, {
      onSuccess: () => setDone(t.approved(listing.eventName)),
      onError: (error) => setFailure(failureMessage(t.approveFailed, error)),
    });
  };
  const approvingId = approve.isPending ? approve.variables : null;

  if (listings.isPending) {
    return <LoadingSpinner label={t.loading} />;
  }
  if (listings.isError) {
    return <RetryAlert onRetry={() => void listings.refetch()}>{t.loadFailed}</RetryAlert>;
  }

  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {failure}
        </Alert>
      )}
      {listings.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{t.empty}</Typography>
        </Paper>
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 2 }}>
          {listings.data.map((listing) => (
            <li key={listing.id}>
              <AdminListingCard
                listing={listing}
                approving={approvingId === listing.id}
                onApprove={approveListing}
                onReject={(target) => {
                  setFailure(null);
                  rejection.show(target);
                }}
                onShowPdf={files.show}
                onChangeImage={image.show}
              />
            </li>
          ))}
        </Stack>
      )}

      {/* Its own boundary: the tab stays as it is while a dialog's code comes. */}
      <Suspense fallback={null}>
        {rejection.target && (
          <RejectListingDialog
            key={rejection.key}
            open={rejection.open}
            listing={rejection.target}
            onClose={rejection.close}
            onRejected={(listing) => {
              rejection.close();
              setDone(t.rejected(listing.eventName));
            }}
          />
        )}
        {files.target && (
          <TicketFilesDialog key={files.key} open={files.open} listing={files.target} onClose={files.close} />
        )}
        {image.target && (
          <ChangeImageDialog
            key={image.key}
            open={image.open}
            listing={image.target}
            onClose={image.close}
            onChanged={() => {
              image.close();
              setDone(t.imageChanged);
            }}
          />
        )}
      </Suspense>
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
});
