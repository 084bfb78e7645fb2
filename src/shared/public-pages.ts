/**
 * The site's public pages that are the same for every visitor: the home page with the list and the
 * info pages. The sitemap lists them, and they are browsing pages, where the newsletter dialog may
 * open by itself (docs/decisions/028).
 */
export const publicPagePaths: readonly string[] = [
  '/',
  '/miten-se-toimii',
  '/ukk',
  '/tietoa-meista',
  '/ota-yhteytta',
  '/kayttoehdot',
  '/tietosuojaseloste',
  '/saavutettavuus',
  '/myy-lippu-info',
];
