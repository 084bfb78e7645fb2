import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAccountDetails } from '#client/features/accounts/api/get-account-details.ts';
import { useAuth } from '#client/features/accounts/auth-store.ts';
import { SellWizard } from '#client/features/listings/components/sell-wizard.tsx';
import { common } from '#client/i18n/fi/common.ts';
import { sellingText } from '#client/i18n/fi/selling.ts';

const t = sellingText.wizard;

/** /myy-lippu, behind the sign-in guard (visitors go to /myy-lippu-info): the sell wizard. */
export function SellPage() {
  const { user } = useAuth();
  const account = useAccountDetails();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.4rem' } }}>
        {t.title}
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary', maxWidth: '60ch' }}>{t.lead}</Typography>
      {account.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => account.refetch()}>
              {common.retry}
            </Button>
          }
        >
          {account.error.message}
        </Alert>
      ) : !account.data || !user ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
          <CircularProgress aria-label={common.loading} />
        </Box>
      ) : (
        <SellWizard
          userId={user.uid}
          savedIban={account.data.iban}
          tutorialCompleted={account.data.tutorialCompleted}
          onCreated={(listing) => navigate('/lippu-asetettu-myyntiin', { state: { listing } })}
        />
      )}
    </Container>
  );
}
