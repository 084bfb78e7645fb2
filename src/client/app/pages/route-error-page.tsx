import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { common } from '#client/i18n/fi/common.ts';
import { reportClientError } from '#client/lib/client-log.ts';

/** What the server's log is told about an error the router caught. */
function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`, stack: error.stack?.slice(0, 4000) };
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}` };
  return { message: String(error) };
}

/** Shown when a page fails to load or render (e.g. a chunk missing after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();

  useEffect(() => {
    const { message, stack } = describe(error);
    // The path only: a query may carry a one-time code.
    reportClientError('RouteErrorPage', message, { path: window.location.pathname, stack });
  }, [error]);

  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1">{common.routeError}</Typography>
      <Button variant="contained" sx={{ mt: 4 }} onClick={() => window.location.reload()}>
        {common.reload}
      </Button>
    </Container>
  );
}
