import { describe, expect, it } from 'vitest';
import { isBrowsingPage } from './newsletter-timing.ts';

describe('isBrowsingPage', () => {
  it('lets the dialog open on the list, ticket pages and info pages', () => {
    for (const path of [
      '/',
      '/ukk',
      '/tietoa-meista/',
      '/miten-se-toimii',
      '/ota-yhteytta',
      '/kayttoehdot',
      '/tietosuojaseloste',
      '/saavutettavuus',
      '/myy-lippu-info',
      '/liput/abc-123',
      '/liput/jaa/abc-123',
    ]) {
      expect(isBrowsingPage(path), path).toBe(true);
    }
  });

  it('keeps it away from money, account and sign-in pages', () => {
    for (const path of [
      '/myy-lippu',
      '/osta/abc-123',
      '/ostopyynto-vastaanotettu',
      '/osto-onnistui',
      '/lippu-asetettu-myyntiin',
      '/muokkaa/abc-123',
      '/profiili',
      '/viimeistele-profiili',
      '/admin',
      '/kirjaudu',
      '/rekisteroidy',
      '/salasanan-vaihto',
      '/liput/abc-123/osta',
      '/liput/abc-123/reklamaatio',
      '/ei-ole-olemassa',
    ]) {
      expect(isBrowsingPage(path), path).toBe(false);
    }
  });
});
