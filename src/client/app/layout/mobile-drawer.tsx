import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { common } from '#client/i18n/fi/common.ts';
import { headerHeight } from '../theme.ts';
import { navItems } from './nav-items.ts';

const t = common.header;

interface Props {
  open: boolean;
  onClose(): void;
  isActive(to: string): boolean;
  onNewsletter(): void;
  signedIn: boolean;
  onLogout(): void;
}

/** The navigation below the md breakpoint: the same entries as the desktop bar. */
export default function MobileDrawer({ open, onClose, isActive, onNewsletter, signedIn, onLogout }: Props) {
  return (
    <Drawer
      id="mobile-navigation"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': t.menu } }}
    >
      <Box sx={{ width: 280 }} role="presentation">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2,
            height: headerHeight,
          }}
        >
          <img src="/images/logo.svg" alt={common.productName} width={144} height={32} />
          <IconButton aria-label={t.closeMenu} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <List component="nav" aria-label={t.mainNavigation}>
          {navItems.map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              selected={isActive(item.to)}
              onClick={onClose}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
          <ListItemButton
            onClick={() => {
              onClose();
              onNewsletter();
            }}
          >
            <ListItemText primary={common.nav.newsletter} />
          </ListItemButton>
        </List>
        <Divider />
        {/* The same account entries as the header icons. */}
        <List aria-label={accountsText.menuLabel}>
          {signedIn ? (
            <>
              <ListItem disablePadding>
                <ListItemButton
                  component={NavLink}
                  to="/profiili"
                  selected={isActive('/profiili')}
                  onClick={onClose}
                >
                  <ListItemText primary={t.profile} />
                </ListItemButton>
              </ListItem>
              <ListItem disablePadding>
                <ListItemButton
                  onClick={() => {
                    onClose();
                    onLogout();
                  }}
                >
                  <ListItemText primary={t.logout} />
                </ListItemButton>
              </ListItem>
            </>
          ) : (
            <ListItem disablePadding>
              <ListItemButton
                component={NavLink}
                to="/kirjaudu"
                selected={isActive('/kirjaudu')}
                onClick={onClose}
              >
                <ListItemText primary={t.login} />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
