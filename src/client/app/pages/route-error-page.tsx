import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { common } from '#client/i18n/fi/common.ts';

/** Shown when a page fails to load or render (e.g. a chunk missing after a deploy). */
export function RouteErrorPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1">{common.routeError}</Typography>
      <Button variant="contained" sx={{ mt: 4 }} onClick={() => window.location.reload()}>
        {common.reload}
      </Button>
    </Container>
  );
}
