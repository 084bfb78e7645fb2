import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import { LoadingSpinner } from '#client/components/query-states.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import { ApiError } from '#client/lib/api-client.ts';
import type { AdminListing, AdminListingFiles } from '#shared/admin/admin.schema.ts';
import { useTicketFileCheck } from '../api/check-ticket-file.ts';
import { useListingFiles } from '../api/get-listing-files.ts';

const t = adminText.files;
const tv = adminText.viewer;

type TicketFile = AdminListingFiles['files'][number];

/** The file's address that saves it instead of showing it. */
function downloadHref(url: string): string {
  const address = new URL(url, window.location.origin);
  address.searchParams.set('download', '1');
  return `${address.pathname}${address.search}`;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

interface ViewerProps {
  listingId: string;
  file: TicketFile;
  phone: boolean;
}

/**
 * The PDF in a frame, once a HEAD has found it. A phone's browser may not draw a framed PDF at
 * all, so there the way out (open in a tab, download) is said above the frame.
 */
function PdfViewer({ listingId, file, phone }: ViewerProps) {
  const check = useTicketFileCheck(listingId, file.url);
  if (check.isPending) return <LoadingSpinner label={tv.loading} py={6} />;
  if (check.isError) {
    return <Alert severity="error">{isNotFound(check.error) ? tv.notFound : tv.loadFailed}</Alert>;
  }
  return (
    <Stack sx={{ gap: 1.5, height: '100%' }}>
      {phone && <Alert severity="info">{tv.phoneHint}</Alert>}
      <Box
        component="iframe"
        src={file.url}
        title={tv.frameTitle(file.fileName)}
        sx={{
          flex: 1,
          width: '100%',
          minHeight: { xs: 360, sm: 480 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'grey.100',
        }}
      />
    </Stack>
  );
}

function FileList({ files, onView }: { files: AdminListingFiles; onView(file: TicketFile): void }) {
  return (
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1 }}>
      {files.files.map((file) => (
        <Stack
          component="li"
          key={file.id}
          direction={{ xs: 'column', sm: 'row' }}
          sx={{
            gap: 1,
            alignItems: { sm: 'center' },
            justifyContent: 'space-between',
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{file.fileName}</Typography>
          <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
            <Button
              variant="outlined"
              color="secondary"
              size="small"
              onClick={() => onView(file)}
              aria-label={t.viewFile(file.fileName)}
            >
              {t.view}
            </Button>
            <Button
              component="a"
              href={downloadHref(file.url)}
              download={file.fileName}
              variant="outlined"
              color="secondary"
              size="small"
              startIcon={<Download />}
              aria-label={t.downloadFile(file.fileName)}
            >
              {t.download}
            </Button>
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

interface Props {
  open: boolean;
  listing: AdminListing;
  onClose(): void;
}

/**
 * 'Näytä PDF' (spec 02 §2 "Dialogs"): the listing's ticket PDFs. One file opens straight in the
 * viewer; several are listed, each to view or download, with all of them at once beside. The
 * viewer fills a phone's screen and keeps 'Lataa PDF' and 'Avaa uudessa välilehdessä' in reach.
 */
export function TicketFilesDialog({ open, listing, onClose }: Props) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.95px)');
  const files = useListingFiles(listing.id);
  const [chosen, setChosen] = useState<TicketFile | null>(null);

  const only = files.data?.files.length === 1 ? files.data.files[0] : undefined;
  const viewing = chosen ?? only ?? null;
  const several = (files.data?.files.length ?? 0) > 1;

  let title: string = t.title;
  let content: ReactNode;
  if (files.isPending) content = <LoadingSpinner label={t.loading} py={6} />;
  else if (files.isError)
    content = <Alert severity="error">{isNotFound(files.error) ? t.notFound : t.loadFailed}</Alert>;
  else if (files.data.files.length === 0) content = <Alert severity="error">{t.notFound}</Alert>;
  else if (viewing) {
    title = viewing.fileName;
    content = <PdfViewer listingId={listing.id} file={viewing} phone={phone} />;
  } else content = <FileList files={files.data} onView={setChosen} />;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      aria-labelledby={titleId}
      maxWidth={viewing ? 'lg' : 'sm'}
      fullWidth
      slotProps={{ paper: { sx: viewing && !phone ? { height: '90vh' } : undefined } }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere', pb: 1 }}>
        {title}
        <Typography component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.95rem' }}>
          {listing.eventName}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column' }}>{content}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {viewing && several && (
          <Button
            color="secondary"
            startIcon={<ArrowBack />}
            onClick={() => setChosen(null)}
            sx={{ mr: 'auto' }}
          >
            {tv.back}
          </Button>
        )}
        {viewing && (
          <>
            <Button
              component="a"
              href={viewing.url}
              target="_blank"
              rel="noopener"
              variant="outlined"
              color="secondary"
              startIcon={<OpenInNew />}
            >
              {tv.openInTab}
            </Button>
            <Button
              component="a"
              href={downloadHref(viewing.url)}
              download={viewing.fileName}
              variant="contained"
              color="secondary"
              startIcon={<Download />}
            >
              {tv.download}
            </Button>
          </>
        )}
        {!viewing && several && files.data && (
          <Button
            component="a"
            href={files.data.downloadUrl}
            download
            variant="contained"
            color="secondary"
            startIcon={<Download />}
          >
            {t.downloadAll}
          </Button>
        )}
        <Button color="secondary" onClick={onClose}>
          {tv.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
