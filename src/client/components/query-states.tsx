import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { common } from '#client/i18n/fi/common.ts';

// What stands in for a query's answer before it has come: the spinner while it loads, and the
// failure with 'Yritä uudelleen' when it could not.

/** A centred spinner in the place of what is loading; `label` says what to screen readers. */
export function LoadingSpinner({ label, py = 8 }: { label: string; py?: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

interface RetryAlertProps {
  /** Asks again (the query's `refetch`). */
  onRetry(): void;
  /** 'warning' where the rest of the view works without it. */
  severity?: AlertColor;
  /** What failed. */
  children: ReactNode;
}

/** A load that failed, with a button to try again. */
export function RetryAlert({ onRetry, severity = 'error', children }: RetryAlertProps) {
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {common.retry}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
