import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A message with its way forward under it (beside it, a phone would squeeze the words to a column). */
export function AlertWithAction({
  severity = 'error',
  action,
  children,
}: {
  severity?: AlertColor;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert severity={severity}>
      {children}
      <Box sx={{ mt: 1.5 }}>{action}</Box>
    </Alert>
  );
}
