import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { logout, useAuthValue } from '#client/features/accounts/auth-store.ts';
import { useNewsletterDialog } from '#client/features/contact/newsletter-provider.tsx';
import { common } from '#client/i18n/fi/common.ts';
import { headerHeight } from '../theme.ts';
import { navItems, siteMapId } from './nav-items.ts';

const t = common.header;

// Phones load the drawer's code on the first tap of the menu button.
const MobileDrawer = lazy(() => import('./mobile-drawer.tsx'));

/** Header: logo (full reload of /), nav bar from md up, drawer below md, account icons. */
export function SiteHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const { openNewsletter } = useNewsletterDialog();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthValue((auth) => auth.isAuthenticated);
  // Logging out ends on the front page (spec 01 §2), even from a protected page.
  const signOut = () => void logout(() => navigate('/'));
  const isActive = (to: string) => (to === '/' ? pathname === '/' : pathname.startsWith(to));

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ boxShadow: '0 1px 0 rgba(0, 0, 0, 0.12)' }}>
      <Toolbar sx={{ minHeight: `${headerHeight}px !important`, height: headerHeight, gap: 1 }}>
        {/* A link to the footer's site map until the app runs (a slow phone's first second), then
            the button that opens the drawer. */}
        <IconButton
          component="a"
          href={`#${siteMapId}`}
          role="button"
          edge="start"
          aria-label={t.openMenu}
          aria-controls="mobile-navigation"
          aria-expanded={drawerOpen}
          onClick={(event) => {
            event.preventDefault();
            setDrawerLoaded(true);
            setDrawerOpen(true);
          }}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        {/* A plain anchor on purpose: the logo reloads the front page fully (spec 01 §2). */}
        <Box component="a" href="/" aria-label={t.home} sx={{ display: 'flex', alignItems: 'center', mr: 2 }}>
          <img src="/images/logo.svg" alt="" width={144} height={32} />
        </Box>
        <Box
          component="nav"
          aria-label={t.mainNavigation}
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}
        >
          {navItems.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              color="secondary"
              aria-current={isActive(item.to) ? 'page' : undefined}
              sx={{
                fontWeight: isActive(item.to) ? 800 : 600,
                borderBottom: 2,
                borderRadius: 0,
                borderColor: isActive(item.to) ? 'primary.main' : 'transparent',
              }}
            >
              {item.label}
            </Button>
          ))}
          <Button color="secondary" onClick={openNewsletter}>
            {common.nav.newsletter}
          </Button>
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        {isAuthenticated ? (
          <>
            <IconButton
              component={NavLink}
              to="/profiili"
              aria-label={t.profile}
              title={t.profile}
              color="secondary"
            >
              <AccountCircleIcon />
            </IconButton>
            <IconButton aria-label={t.logout} title={t.logout} color="secondary" onClick={signOut}>
              <LogoutIcon />
            </IconButton>
          </>
        ) : (
          <IconButton
            component={NavLink}
            to="/kirjaudu"
            aria-label={t.login}
            title={t.login}
            color="secondary"
          >
            <LoginIcon />
          </IconButton>
        )}
      </Toolbar>

      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            isActive={isActive}
            onNewsletter={openNewsletter}
            signedIn={isAuthenticated}
            onLogout={signOut}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
