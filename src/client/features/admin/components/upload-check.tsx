import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { adminText } from '#client/i18n/fi/admin.ts';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import type { AdminDuplicateAttempt, AdminListing } from '#shared/admin/admin.schema.ts';
import { finnishDateTime } from '#shared/dates.ts';

const t = adminText.check;

function statusLabel(status: string): string {
  return Object.hasOwn(myListingsText.status, status)
    ? myListingsText.status[status as keyof typeof myListingsText.status]
    : status;
}

function Attempts({ title, attempts }: { title: string; attempts: readonly AdminDuplicateAttempt[] }) {
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {title} ({attempts.length})
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {attempts.map((attempt) => (
          <Typography component="li" variant="body2" key={attempt.id} sx={{ overflowWrap: 'anywhere' }}>
            {t.attempt(
              finnishDateTime(new Date(attempt.attemptedAt)),
              attempt.attemptedBy.username ?? attempt.attemptedBy.email,
              attempt.originalFileName,
              attempt.matchedBy,
            )}
            {'. '}
            {attempt.existingListing ? (
              <>
                {t.existing}{' '}
                <Link component={RouterLink} to={`/liput/${attempt.existingListing.id}`} color="inherit">
                  {attempt.existingListing.eventName}
                </Link>{' '}
                ({statusLabel(attempt.existingListing.status)})
              </>
            ) : (
              t.existingGone
            )}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * What the upload check read from the listing's PDFs: the barcodes of each file, a warning for a
 * file with none (the reviewer must read that ticket with their own eyes), a warning for a file
 * carrying what a ticket never needs (embedded files; JavaScript and Launch actions of files
 * stored before the upload refused them), and the refused tries to list a ticket twice, by this
 * seller or against this listing, with the other listing linked.
 */
export function UploadCheck({ listing, cardTitleId }: { listing: AdminListing; cardTitleId: string }) {
  const headingId = useId();
  const unreadable = listing.files.filter((file) => file.barcodeCount === 0);
  const withActiveContent = listing.files.filter((file) => (file.activeContent ?? []).length > 0);
  return (
    <Box component="section" aria-labelledby={`${headingId} ${cardTitleId}`} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {t.title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {listing.files.map((file) => (
          <Typography component="li" variant="body2" key={file.id} sx={{ overflowWrap: 'anywhere' }}>
            {t.file(file.fileName, file.barcodeCount, file.pageCount)}
          </Typography>
        ))}
      </Box>
      {unreadable.length > 0 && (
        <Alert severity="warning">{t.noCode(unreadable.map((file) => file.fileName).join(', '))}</Alert>
      )}
      {withActiveContent.length > 0 && (
        <Alert severity="error" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t.activeContentTitle}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {withActiveContent.map((file) => (
              <Typography component="li" variant="body2" key={file.id} sx={{ overflowWrap: 'anywhere' }}>
                {t.activeContentFile(
                  file.fileName,
                  (file.activeContent ?? []).map((kind) => t.activeContent[kind]).join(', '),
                )}
              </Typography>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t.activeContentAdvice}
          </Typography>
        </Alert>
      )}
      {listing.sellerDuplicateAttempts.length > 0 && (
        <Attempts title={t.bySeller} attempts={listing.sellerDuplicateAttempts} />
      )}
      {listing.duplicateAttemptsOnListing.length > 0 && (
        <Attempts title={t.onListing} attempts={listing.duplicateAttemptsOnListing} />
      )}
    </Box>
  );
}
