import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getAuthState, useAuth } from '#client/features/accounts/auth-store.ts';
import { AuthCard } from '#client/features/accounts/components/auth-card.tsx';
import { CompleteProfileForm } from '#client/features/accounts/components/complete-profile-form.tsx';
import { clearReturnTo, storedReturnTo } from '#client/features/accounts/return-to.ts';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { common } from '#client/i18n/fi/common.ts';

const t = accountsText.completeProfile;
// Spec 01 §9: the page shows a spinner for 1.5 s first.
const spinnerMs = 1500;

/** /viimeistele-profiili, behind the sign-in guard. */
export function CompleteProfilePage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(true);

  useEffect(() => {
    document.title = t.documentTitle;
    const timer = window.setTimeout(() => {
      // A user whose profile is already complete has nothing to do here.
      const current = getAuthState().user;
      if (current && !current.needsProfile) navigate('/', { replace: true });
      else setWaiting(false);
    }, spinnerMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  const onSaved = () => {
    const target = storedReturnTo() ?? '/';
    clearReturnTo();
    navigate(target, { replace: true });
  };

  if (waiting || !user)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label={common.loading} />
      </Box>
    );

  return (
    <AuthCard title={t.title} lead={t.lead}>
      <CompleteProfileForm user={user} onSaved={onSaved} />
    </AuthCard>
  );
}
