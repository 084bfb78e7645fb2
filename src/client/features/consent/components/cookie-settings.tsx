import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { consentText as t } from '#client/i18n/fi/consent.ts';

interface Props {
  analytics: boolean;
  functional: boolean;
  onAnalyticsChange(value: boolean): void;
  onFunctionalChange(value: boolean): void;
}

/**
 * The cookie banner's category switches. Loaded when the visitor opens the settings: the banner
 * is on every first visit's first paint, and its switches were a good part of what the app
 * started with and hydrated for nothing (docs/decisions/007).
 */
export default function CookieSettings({
  analytics,
  functional,
  onAnalyticsChange,
  onFunctionalChange,
}: Props) {
  const categorySwitch = (
    key: 'necessary' | 'analytics' | 'functional',
    checked: boolean,
    onChange?: (value: boolean) => void,
  ) => (
    <Box key={key}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={!onChange}
            onChange={(event) => onChange?.(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': `consent-${key}-description` } }}
          />
        }
        label={t.categories[key].label}
      />
      <Typography
        id={`consent-${key}-description`}
        variant="body2"
        color="text.secondary"
        sx={{ ml: 6, mt: -0.5 }}
      >
        {t.categories[key].description}
      </Typography>
    </Box>
  );

  return (
    <Collapse in appear>
      <Stack sx={{ gap: 1, my: 1 }}>
        {categorySwitch('necessary', true)}
        {categorySwitch('analytics', analytics, onAnalyticsChange)}
        {categorySwitch('functional', functional, onFunctionalChange)}
      </Stack>
    </Collapse>
  );
}
