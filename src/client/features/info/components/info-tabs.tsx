import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

interface TabOption<T extends string> {
  value: T;
  label: string;
}

interface InfoTabsProps<T extends string> {
  /** Shared by the tabs and their panels, so each tab points to its own panel. */
  idPrefix: string;
  label: string;
  value: T;
  options: readonly TabOption<T>[];
  onChange(value: T): void;
}

const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
const panelId = (prefix: string, value: string) => `${prefix}-panel-${value}`;

/** Full-width tabs in the brand style; the selected label uses the dark brand shade for contrast on white. */
export function InfoTabs<T extends string>({ idPrefix, label, value, options, onChange }: InfoTabsProps<T>) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: T) => onChange(next)}
      aria-label={label}
      variant="fullWidth"
      sx={{
        maxWidth: 560,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { color: 'text.secondary', fontSize: '1.05rem', minHeight: 52 },
        '& .MuiTab-root.Mui-selected': { color: 'primary.dark' },
        '& .MuiTabs-indicator': { height: 3, bgcolor: 'primary.dark' },
      }}
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

interface InfoTabPanelProps {
  idPrefix: string;
  value: string;
  selected: string;
  children: ReactNode;
}

/** Every panel stays mounted (hidden when not selected), so an open question survives switching tabs. */
export function InfoTabPanel({ idPrefix, value, selected, children }: InfoTabPanelProps) {
  return (
    <Box
      role="tabpanel"
      id={panelId(idPrefix, value)}
      aria-labelledby={tabId(idPrefix, value)}
      hidden={value !== selected}
      sx={{ pt: { xs: 3, md: 4 } }}
    >
      {children}
    </Box>
  );
}
