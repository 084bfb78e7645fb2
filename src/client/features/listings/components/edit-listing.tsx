import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '#client/components/query-states.tsx';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useSellerListing } from '../api/get-seller-listing.ts';
import { BackToMyListings, EditListingForm } from './edit-listing-form.tsx';

// Only a rejected listing shows the resubmission form, with the wizard's steps and the event search:
// their code loads when one is opened, while the page waits for the listing anyway.
const ResubmitListingForm = lazy(async () => ({
  default: (await import('./resubmit-listing-form.tsx')).ResubmitListingForm,
}));

const t = myListingsText.edit;

interface Props {
  userId: string;
  listingId: string;
  onListingChanged(listingId: string): void;
  /** Taken off sale from this page: the page moves on (spec 02 §2: to the profile). */
  onRemoved(): void;
}

/**
 * The edit page's content: the listing, or why it cannot be shown. Someone else's listing and a
 * missing one get the server's own words ('Ei käyttöoikeutta tähän lippuun', 'Lippua ei löytynyt').
 */
export function EditListing({ userId, listingId, onListingChanged, onRemoved }: Props) {
  const listing = useSellerListing(userId, listingId);
  const [resent, setResent] = useState(false);
  if (resent) {
    return (
      <Stack sx={{ gap: 2, alignItems: 'flex-start' }}>
        <Alert severity="success" sx={{ width: '100%' }}>
          {myListingsText.resubmit.sent}
        </Alert>
        <BackToMyListings />
      </Stack>
    );
  }
  if (listing.isPending) {
    return <LoadingSpinner label={t.loading} />;
  }
  if (listing.isError) {
    const error = listing.error;
    const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
    return (
      <Stack sx={{ gap: 2, alignItems: 'flex-start' }}>
        <Alert
          severity="error"
          sx={{ width: '100%' }}
          action={
            refused ? undefined : (
              <Button color="inherit" size="small" onClick={() => void listing.refetch()}>
                {t.retry}
              </Button>
            )
          }
        >
          {refused ? error.message : t.loadFailed}
        </Alert>
        <BackToMyListings />
      </Stack>
    );
  }
  // A rejected listing is fixed and sent back for review rather than edited.
  if (listing.data.status === 'rejected')
    return (
      <Suspense fallback={<LoadingSpinner label={t.loading} />}>
        <ResubmitListingForm
          key={listing.data.id}
          userId={userId}
          listing={listing.data}
          onSent={() => {
            setResent(true);
            // The long form gives way to a short message: show it from the top, not the footer.
            window.scrollTo({ top: 0 });
          }}
        />
      </Suspense>
    );
  return (
    <EditListingForm
      key={listing.data.id}
      userId={userId}
      listing={listing.data}
      onListingChanged={onListingChanged}
      onRemoved={onRemoved}
    />
  );
}
