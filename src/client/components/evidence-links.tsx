import AttachFile from '@mui/icons-material/AttachFile';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import type { ComplaintEvidence } from '#shared/complaints/complaints.schema.ts';

interface Props {
  files: readonly ComplaintEvidence[];
  /** Where each file downloads from: the buyer's and seller's own address, or the admin's. */
  urlOf(file: ComplaintEvidence): string;
}

/**
 * A complaint's evidence files as download links, by the names they were sent with. They are only
 * ever downloaded (the server sends them as attachments), never shown in the page.
 */
export function EvidenceLinks({ files, urlOf }: Props) {
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.5 }}>
      {files.map((file) => (
        <Typography
          component="li"
          key={file.id}
          variant="body2"
          sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}
        >
          <AttachFile fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
          <Link href={urlOf(file)} download sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
            {file.fileName}
          </Link>
          <span>({complaintsText.evidence.size(file.sizeBytes)})</span>
        </Typography>
      ))}
    </Stack>
  );
}
