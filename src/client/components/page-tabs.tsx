import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

/**
 * 'brand' (the info pages): full-width tabs of at most 560 px, the selected label in the dark brand
 * shade for contrast on white. 'plain' (the profile, the admin area): the theme's colours, as wide as their labels,
 * except on a phone, where they share the width (labels may wrap) instead of scrolling, unless there
 * are too many for that (`scrollOnPhone`).
 */
export type TabsLook = 'brand' | 'plain';

interface TabOption<T extends string | number> {
  value: T;
  label: string;
}

interface PageTabsProps<T extends string | number> {
  /** Shared by the tabs and their panels, so each tab points to its own panel. */
  idPrefix: string;
  label: string;
  value: T;
  options: readonly TabOption<T>[];
  onChange(value: T): void;
  look?: TabsLook;
  /** Too many tabs to share a phone's width (the admin area's): they scroll there instead. */
  scrollOnPhone?: boolean;
}

const tabId = (prefix: string, value: string | number) => `${prefix}-tab-${value}`;
const panelId = (prefix: string, value: string | number) => `${prefix}-panel-${value}`;

const brandSx: SxProps<Theme> = {
  maxWidth: 560,
  borderBottom: 1,
  borderColor: 'divider',
  '& .MuiTab-root': { color: 'text.secondary', fontSize: '1.05rem', minHeight: 52 },
  '& .MuiTab-root.Mui-selected': { color: 'primary.dark' },
  '& .MuiTabs-indicator': { height: 3, bgcolor: 'primary.dark' },
};

// On a phone the tabs share the width as the 'fullWidth' variant's tabs do, set in CSS rather than
// by a media query in JavaScript: a page drawn on the server (the admin area) is laid out so from
// its first paint, instead of changing when the app takes it over.
const plainTabSx = {
  px: { xs: 0.75, sm: 2 },
  minWidth: 0,
  lineHeight: 1.25,
  flexGrow: { xs: 1, sm: 0 },
  flexShrink: { xs: 1, sm: 0 },
  flexBasis: { xs: 0, sm: 'auto' },
  maxWidth: { xs: 'none', sm: 360 },
};
const plainSx: SxProps<Theme> = {
  borderBottom: 1,
  borderColor: 'divider',
  my: 3,
  '& .MuiTab-root': plainTabSx,
};

// Tabs too many to share a phone's width keep their own widths there, and the row scrolls.
const scrollingSx: SxProps<Theme> = {
  borderBottom: 1,
  borderColor: 'divider',
  my: 3,
  '& .MuiTab-root': { ...plainTabSx, flexGrow: 0, flexShrink: 0, flexBasis: 'auto' },
};

/** A page's tabs, each wired to its `PageTabPanel` (`aria-controls` / `aria-labelledby`). */
export function PageTabs<T extends string | number>({
  idPrefix,
  label,
  value,
  options,
  onChange,
  look = 'brand',
  scrollOnPhone = false,
}: PageTabsProps<T>) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: T) => onChange(next)}
      aria-label={label}
      variant={look === 'brand' ? 'fullWidth' : scrollOnPhone ? 'scrollable' : 'standard'}
      // No scroll buttons: they appear only once the app measures the row, which would move a
      // server-drawn page's tabs; a phone swipes the row, and the cut-off tab shows there is more.
      {...(scrollOnPhone && { scrollButtons: false })}
      {...(look === 'plain' && { textColor: 'secondary', indicatorColor: 'primary' })}
      sx={look === 'brand' ? brandSx : scrollOnPhone ? scrollingSx : plainSx}
    >
      {options.map((option) => (
        <Tab
          key={option.value}
          value={option.value}
          label={option.label}
          id={tabId(idPrefix, option.value)}
          aria-controls={panelId(idPrefix, option.value)}
        />
      ))}
    </Tabs>
  );
}

interface PageTabPanelProps<T extends string | number> {
  idPrefix: string;
  value: T;
  selected: T;
  /** Kept mounted while hidden (default), so e.g. an open question survives switching tabs. */
  keepMounted?: boolean;
  look?: TabsLook;
  children: ReactNode;
}

/** The panel of one tab: hidden unless its tab is selected. */
export function PageTabPanel<T extends string | number>({
  idPrefix,
  value,
  selected,
  keepMounted = true,
  look = 'brand',
  children,
}: PageTabPanelProps<T>) {
  const shown = value === selected;
  return (
    <Box
      role="tabpanel"
      id={panelId(idPrefix, value)}
      aria-labelledby={tabId(idPrefix, value)}
      hidden={!shown}
      sx={look === 'brand' ? { pt: { xs: 3, md: 4 } } : undefined}
    >
      {(shown || keepMounted) && children}
    </Box>
  );
}
