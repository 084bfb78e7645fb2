import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DoneSnackbar } from '#client/components/done-snackbar.tsx';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { useDialogTarget } from '#client/components/use-dialog-target.ts';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import type { MyListing, SellerListing } from '#shared/listings/seller-listing.schema.ts';
import { useMyListings } from '../api/get-my-listings.ts';
import { groupListings, listingGroups } from '../listing-groups.ts';
import { DeleteListingDialog } from './delete-listing-dialog.tsx';
import { MyListingCard } from './my-listing-card.tsx';
import { RemovalDialog } from './removal-dialog.tsx';

const t = myListingsText;

interface GroupsProps {
  listings: readonly MyListing[];
  asOf: number;
  onRemove(listing: SellerListing): void;
  onDelete(listing: SellerListing): void;
  complaintOf?(listing: MyListing): ReactNode;
}

/** Active, sold and ended, each under its heading with its count. */
function ListingGroups({ listings, asOf, onRemove, onDelete, complaintOf }: GroupsProps) {
  const groups = groupListings(listings);
  return (
    <Stack sx={{ gap: { xs: 4, md: 5 } }}>
      {listingGroups.map((group) => (
        <Box component="section" key={group} aria-labelledby={`my-listings-${group}`}>
          <Typography
            component="h2"
            id={`my-listings-${group}`}
            sx={{ fontSize: { xs: '1.3rem', md: '1.45rem' }, fontWeight: 750, mb: 1.5 }}
          >
            {t.groups[group]}{' '}
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              ({groups[group].length})
            </Box>
          </Typography>
          {groups[group].length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t.groupEmpty[group]}</Typography>
          ) : (
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
              {groups[group].map((listing) => (
                <li key={listing.id}>
                  <MyListingCard
                    listing={listing}
                    asOf={asOf}
                    onRemove={onRemove}
                    onDelete={onDelete}
                    complaint={complaintOf?.(listing)}
                  />
                </li>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

interface Props {
  userId: string;
  /** A listing left the public list (removed or deleted): the page drops what it cached of it. */
  onListingChanged(listingId: string): void;
  /** What a sold listing's card shows of the buyer's complaint (the page combines the features). */
  complaintOf?(listing: MyListing): ReactNode;
  /** What `complaintOf` tells is still coming: the list waits, so its cards are drawn once. */
  detailsPending?: boolean;
}

/**
 * The profile's sale listings tab (spec 02 §2): the seller's listings in three groups, active,
 * sold and ended, with what each still allows.
 */
export function MyListingsPanel({ userId, onListingChanged, complaintOf, detailsPending = false }: Props) {
  const listings = useMyListings(userId);
  const removal = useDialogTarget<SellerListing>();
  const deletion = useDialogTarget<SellerListing>();
  const [done, setDone] = useState<string | null>(null);
  const finished = (message: string, listingId: string) => {
    setDone(message);
    onListingChanged(listingId);
  };
  const removing = removal.target;
  const deleting = deletion.target;

  let content: ReactNode;
  if (listings.isPending || detailsPending) {
    content = <LoadingSpinner label={t.panel.loading} />;
  } else if (listings.isError) {
    content = <RetryAlert onRetry={() => void listings.refetch()}>{t.panel.loadFailed}</RetryAlert>;
  } else if (listings.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography sx={{ fontWeight: 700 }}>{t.panel.empty}</Typography>
        <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>{t.panel.emptyHint}</Typography>
        <Button component={RouterLink} to="/myy-lippu" variant="contained">
          {t.panel.sellTicket}
        </Button>
      </Paper>
    );
  } else {
    content = (
      <ListingGroups
        listings={listings.data}
        asOf={listings.dataUpdatedAt}
        onRemove={removal.show}
        onDelete={deletion.show}
        complaintOf={complaintOf}
      />
    );
  }

  // The dialogs and the message outlive the list they came from (deleting the last listing).
  return (
    <>
      {content}
      {removing && (
        <RemovalDialog
          key={removal.key}
          open={removal.open}
          userId={userId}
          listing={removing}
          onClose={removal.close}
          onRemoved={() => {
            removal.close();
            finished(t.panel.removed, removing.id);
          }}
        />
      )}
      {deleting && (
        <DeleteListingDialog
          key={deletion.key}
          open={deletion.open}
          userId={userId}
          listing={deleting}
          onClose={deletion.close}
          onDeleted={() => {
            deletion.close();
            finished(t.panel.deleted, deleting.id);
          }}
        />
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}
