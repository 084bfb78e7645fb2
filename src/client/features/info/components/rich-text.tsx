import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { RichText } from '#client/i18n/fi/info.ts';

/** Renders text whose parts may be links to our own routes; the caller provides the surrounding element. */
export function RichTextView({ text }: { text: RichText }) {
  if (typeof text === 'string') return text;
  return text.map((part) =>
    typeof part === 'string' ? (
      part
    ) : (
      <Link key={`${part.to}|${part.text}`} component={RouterLink} to={part.to} sx={{ fontWeight: 600 }}>
        {part.text}
      </Link>
    ),
  );
}
