import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { common } from '#client/i18n/fi/common.ts';

const t = common.notFound;

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Sivua ei löytynyt – Lipputori';
  }, []);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <img src="/images/mascot.webp" alt="" width={160} height={160} />
      {/* The spec's title is English: marked so, a screen reader reads it in English (WCAG 3.1.2). */}
      <Typography variant="h1" lang="en" sx={{ mt: 2 }}>
        {t.title}
      </Typography>
      <Typography sx={{ mt: 2, mb: 4 }}>{t.text}</Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t.home}
      </Button>
    </Container>
  );
}
