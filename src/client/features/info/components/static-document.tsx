import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DocumentBlock, DocumentSection } from '#client/i18n/fi/info.ts';
import { BackButton } from './back-button.tsx';

// Paragraphs are unique within a section, so their text (or first item) is a stable key.
function blockKey(block: DocumentBlock): string {
  if (typeof block === 'string') return block;
  if ('list' in block) return `list:${block.list[0] ?? ''}`;
  return `details:${block.details[0]?.label ?? ''}`;
}

function DocumentBlockView({ block }: { block: DocumentBlock }) {
  if (typeof block === 'string') return <Typography sx={{ mb: 1.5 }}>{block}</Typography>;
  if ('list' in block) {
    return (
      <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1.5 }}>
        {block.list.map((item) => (
          <Typography component="li" key={item} sx={{ mb: 0.75 }}>
            {item}
          </Typography>
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        mt: 0,
        mb: 1.5,
      }}
    >
      {block.details.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 650 }}>
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {row.href ? <Link href={row.href}>{row.value}</Link> : row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

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
        {sections.map((section) => (
          <Box component="section" key={section.title} sx={{ mt: 4 }}>
            <Typography variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.45rem' }, mb: 1.5 }}>
              {section.title}
            </Typography>
            {section.blocks.map((block) => (
              <DocumentBlockView key={blockKey(block)} block={block} />
            ))}
          </Box>
        ))}
        {children && <Box sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>{children}</Box>}
      </Paper>
      <Box sx={{ mt: 3 }}>
        <BackButton />
      </Box>
    </Container>
  );
}
