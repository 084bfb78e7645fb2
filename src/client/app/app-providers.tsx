import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { queryClient } from '#client/lib/query-client.ts';
import { appTheme } from './theme.ts';

/**
 * What every page renders inside: theme, baseline styles and server-state cache. The server
 * renders each page with a cache of its own (src/client/prerender.tsx).
 */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <StrictMode>
      <ThemeProvider theme={appTheme()}>
        <CssBaseline />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
