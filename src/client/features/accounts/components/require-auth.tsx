import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { common } from '#client/i18n/fi/common.ts';
import { signedOutOnPurposeFrom, useAuth } from '../auth-store.ts';
import { rememberReturnTo } from '../return-to.ts';

interface Props {
  /** Where a visitor is sent: the login page, or e.g. /myy-lippu-info for the sell page. */
  visitorRedirect?: string;
}

/**
 * Route guard (spec 01 §2): a visitor is sent to log in, and the address they tried is kept in
 * session storage so the login can bring them back. Until the server has answered who is signed
 * in, a spinner: a social sign-in has just set the cookie that the stored state knows nothing of.
 */
export function RequireAuth({ visitorRedirect = '/kirjaudu' }: Props) {
  const { isAuthenticated, isInitialized } = useAuth();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const mustLeave = isInitialized && !isAuthenticated;

  useEffect(() => {
    if (!mustLeave || signedOutOnPurposeFrom(pathname)) return;
    const from = `${pathname}${search}${hash}`;
    rememberReturnTo(from);
    navigate(visitorRedirect, { replace: true, state: { from } });
  }, [mustLeave, pathname, search, hash, navigate, visitorRedirect]);

  if (isAuthenticated) return <Outlet />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label={common.loading} />
    </Box>
  );
}
