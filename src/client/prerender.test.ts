import { describe, expect, it } from 'vitest';
import { prerenderPages } from './prerender.tsx';

const site = {
  supportEmail: 'tuki@lipputori.example',
  supportPhone: '+358 40 123 4567',
  businessId: '1234567-8',
  instagramUrl: 'https://instagram.example/lipputori',
  facebookUrl: 'https://facebook.example/lipputori',
  pressArticleUrl: 'https://news.example/lipputori',
};

describe('prerendered first paint', () => {
  it('shows the home page hero, header and footer with this server’s contact details', () => {
    const { home } = prerenderPages(site, { consentSaved: true });
    expect(home.html).toContain('Lipputori vaivattomasti');
    expect(home.html).toContain('Myy lippu');
    expect(home.html).toContain('aria-label="Avaa valikko"');
    expect(home.html).toContain('tuki@lipputori.example');
    // The tickets arrive with the live app: the grid paints as loading.
    expect(home.html).toContain('role="progressbar"');
    expect(home.styleTags).toMatch(/<style data-emotion="css /);
  });

  it('includes the cookie banner only for visitors who have not made their choice', () => {
    const withChoice = prerenderPages(site, { consentSaved: true });
    const firstVisit = prerenderPages(site, { consentSaved: false });
    expect(withChoice.home.html).not.toContain('aria-label="Evästeet"');
    expect(firstVisit.home.html).toContain('aria-label="Evästeet"');
    expect(firstVisit.shell.html).toContain('aria-label="Evästeet"');
  });

  it('renders other pages as the header over a loading page, with no nav entry marked current', () => {
    const { shell } = prerenderPages(site, { consentSaved: true });
    expect(shell.html).toContain('aria-label="Avaa valikko"');
    expect(shell.html).toContain('aria-label="Ladataan"');
    expect(shell.html).not.toContain('Lipputori vaivattomasti');
    expect(shell.html).not.toContain('aria-current="page"');
  });
});
