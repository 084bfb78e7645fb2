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
}

/** One page as the server drew it; a page that does not come says so in its place. */
function PageImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert severity="error">{tv.loadFailed}</Alert>;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        // An A4 page's place until the image tells its own shape, so that only the pages in
        // sight are fetched.
        aspectRatio: 'auto 210 / 297',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
      }}
    />
  );
}

/**
 * The file's pages as images the server draws, once a HEAD has found the file: a phone's browser
 * does not draw a PDF inside a page, an image it does. The HEAD tells a missing file (the spec's
 * 'Lipputiedostoa ei löytynyt') from one that fails to load.
 */
function PdfViewer({ listingId, file }: ViewerProps) {
  const check = useTicketFileCheck(listingId, file.url);
  if (check.isPending) return <LoadingSpinner label={tv.loading} py={6} />;
  if (check.isError) {
    return <Alert severity="error">{isNotFound(check.error) ? tv.notFound : tv.loadFailed}</Alert>;
  }
  // A file stored without the upload check has no count: its first page is shown.
  const pageCount = file.pageCount ?? 1;
  return (
    <Stack component="ol" sx={{ listStyle: 'none', m: 0, p: 0, gap: 2 }}>
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) => (
        // Keyed by address: another file's page starts afresh, not as this one failed.
        <li key={`${file.pagesUrl}${page}`}>
          <PageImage src={`${file.pagesUrl}${page}`} alt={tv.page(page, pageCount)} />
        </li>
      ))}
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
 * viewer fills a phone's screen, its pages scroll, and 'Avaa uudessa välilehdessä' and 'Lataa PDF'
 * stay below them in reach.
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
    content = <PdfViewer listingId={listing.id} file={viewing} />;
  } else content = <FileList files={files.data} onView={setChosen} />;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      aria-labelledby={titleId}
      // A page as wide as a sheet of paper reads best; wider, a ticket would be mostly scrolling.
      maxWidth={viewing ? 'md' : 'sm'}
      fullWidth
      slotProps={{ paper: { sx: viewing && !phone ? { height: '90vh' } : undefined } }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere', pb: 1 }}>
        {title}
        <Typography component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.95rem' }}>
          {listing.eventName}
        </Typography>
      </DialogTitle>
      {/* The pages scroll here: a region the keyboard can reach and scroll too. */}
      <DialogContent
        sx={{ display: 'flex', flexDirection: 'column' }}
        tabIndex={viewing ? 0 : undefined}
        role={viewing ? 'region' : undefined}
        aria-label={viewing ? tv.pages(viewing.fileName) : undefined}
      >
        {content}
      </DialogContent>
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
