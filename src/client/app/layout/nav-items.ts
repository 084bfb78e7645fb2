import { common } from '#client/i18n/fi/common.ts';

/** The top navigation of spec 01 §2: the same entries in the desktop bar and the mobile drawer. */
export const navItems = [
  { label: common.nav.tickets, to: '/' },
  { label: common.nav.sell, to: '/myy-lippu' },
  { label: common.nav.about, to: '/tietoa-meista' },
  { label: common.nav.faq, to: '/ukk' },
  { label: common.nav.contact, to: '/ota-yhteytta' },
] as const;

/** The footer's list of every page: where the menu button leads before the app has started. */
export const siteMapId = 'sivukartta';
