import Box from '@mui/material/Box';
import { common } from '#client/i18n/fi/common.ts';

/** The id of the page's <main>, the skip link's target. */
export const mainContentId = 'main-content';

/**
 * The first stop of the Tab key on every page: hidden until focused, it jumps past the header to the
 * page. A plain anchor, so it works in the server's first paint before the app runs; <main> takes
 * focus (tabIndex -1) so the next Tab continues inside the page.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${mainContentId}`}
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontWeight: 700,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {common.header.skipToContent}
    </Box>
  );
}

/**
 * What <main> needs to be the skip link's target: focusable by script and link only, and no ring
 * drawn round the whole page when it takes focus (doubled class beats the theme's `[tabindex]` ring).
 */
export const mainContentProps = {
  id: mainContentId,
  tabIndex: -1,
} as const;

export const mainContentFocus = { '&&:focus-visible': { outline: 'none', boxShadow: 'none' } } as const;
