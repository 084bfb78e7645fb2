import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { common } from '#client/i18n/fi/common.ts';

const t = common.ticketFile;

/** A ticket PDF through the route that lets only its buyer and its seller have it: shown, or saved. */
export function ticketFileUrl(ticketId: string, fileId: string, inline: boolean): string {
  const base = `/api/tickets/${encodeURIComponent(ticketId)}/files/${encodeURIComponent(fileId)}`;
  return inline ? base : `${base}?download=1`;
}

/** All the files of a listing at once: the PDF itself, or a zip of several. */
export function ticketPackageUrl(ticketId: string): string {
  return `/api/tickets/${encodeURIComponent(ticketId)}/download`;
}

/** Each file of a listing by name, opened in a new tab ('Näytä lippu') or saved ('Lataa lippu'). */
export function TicketFileLinks({
  ticketId,
  files,
}: {
  ticketId: string;
  files: readonly { id: string; fileName: string }[];
}) {
  return (
    <Stack sx={{ gap: 1.5 }}>
      {files.map((file) => (
        <Stack key={file.id} sx={{ gap: 1 }}>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {file.fileName}
          </Typography>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <Button
              component="a"
              href={ticketFileUrl(ticketId, file.id, true)}
              target="_blank"
              rel="noopener"
              variant="outlined"
              color="secondary"
            >
              {t.view}
            </Button>
            <Button
              component="a"
              href={ticketFileUrl(ticketId, file.id, false)}
              download={file.fileName}
              variant="contained"
              color="secondary"
            >
              {t.download}
            </Button>
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
