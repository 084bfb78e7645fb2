import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DocumentBlock, DocumentSection } from '#client/i18n/fi/info.ts';

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
  sections: readonly DocumentSection[];
  /** 'h2' under a page's h1; 'h3' in a dialog, whose title is the h2. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The numbered sections of a legal text (terms, privacy notice): on their own page, and the terms
 * again in the sell wizard's dialog, so both show one text.
 */
export function DocumentSections({ sections, headingLevel = 'h2' }: Props) {
  const headingSize =
    headingLevel === 'h2' ? { xs: '1.25rem', md: '1.45rem' } : { xs: '1.1rem', md: '1.2rem' };
  return sections.map((section) => (
    <Box component="section" key={section.title} sx={{ mt: headingLevel === 'h2' ? 4 : 3 }}>
      <Typography variant={headingLevel} sx={{ fontSize: headingSize, mb: 1.5 }}>
        {section.title}
      </Typography>
      {section.blocks.map((block) => (
        <DocumentBlockView key={blockKey(block)} block={block} />
      ))}
    </Box>
  ));
}
