import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { forgetPurposefulSignOut, startAuthRefresh, useAuth } from '../auth-store.ts';
import { completeProfilePath, rememberReturnTo, storedReturnTo } from '../return-to.ts';

/**
 * App-wide auth behaviour, mounted once in the layout: confirms the signed-in state with the
 * server on start, and sends a signed-in user without a username to finish the profile from
 * any other page (spec 01 §2).
 */
export function AuthSession() {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const needsProfile = user?.needsProfile === true;

  useEffect(() => {
    startAuthRefresh();
  }, []);

  // A sign-out only spares the page it happened on, until the user moves on.
  useEffect(() => {
    if (pathname) forgetPurposefulSignOut();
  }, [pathname]);

  useEffect(() => {
    if (!needsProfile || pathname === completeProfilePath) return;
    // Come back here once the profile is done, unless a guard already stored where to go.
    if (!storedReturnTo()) rememberReturnTo(`${pathname}${search}`);
    navigate(completeProfilePath, { replace: true });
  }, [needsProfile, pathname, search, navigate]);

  return null;
}
