import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentSections } from '#client/components/document-sections.tsx';
import type { DocumentSection } from '#client/i18n/fi/info.ts';
import { BackButton } from './back-button.tsx';

interface Props {
  title: string;
  updated: string;
  intro?: string;
  sections: readonly DocumentSection[];
  /** Shown after the last section, e.g. a link to a related document. */
  children?: ReactNode;
}

/** Layout of the long legal pages (terms, privacy notice): back button, title, date and numbered sections. */
export function StaticDocument({ title, updated, intro, sections, children }: Props) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <BackButton />
      <Paper
        component="article"
        variant="outlined"
        sx={{ mt: 2, px: { xs: 2.5, sm: 4, md: 6 }, py: { xs: 3, sm: 4, md: 5 } }}
      >
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, overflowWrap: 'break-word' }}
        >
          {title}
        </Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary' }}>{updated}</Typography>
        {intro && <Typography sx={{ mt: 3 }}>{intro}</Typography>}
        <DocumentSections sections={sections} />
        {children && <Box sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>{children}</Box>}
      </Paper>
      <Box sx={{ mt: 3 }}>
        <BackButton />
      </Box>
    </Container>
  );
}
