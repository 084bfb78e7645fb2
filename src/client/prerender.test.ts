import { describe, expect, it } from 'vitest';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { prerenderPages, renderSellInfoPage, renderTicketPage } from './prerender.tsx';

const site = {
  supportEmail: 'tuki@lipputori.example',
  supportPhone: '+358 40 123 4567',
  businessId: '1234567-1',
  instagramUrl: 'https://instagram.example/lipputori',
  facebookUrl: 'https://facebook.example/lipputori',
  pressArticleUrl: 'https://news.example/lipputori',
};

const ticket: TicketDetails = {
  id: '0b6f4a52-55a1-4c4e-9d55-8a2f6c1f0c11',
  status: 'listed',
  eventName: 'Joulukonsertti <Areenalla>',
  eventImage: '/defaults/events/konsertti/1.webp',
  eventType: 'konsertti',
  eventDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  eventTime: '19:00',
  hasMultipleDays: false,
  eventEndDate: null,
  eventVenue: 'Tampere-talo',
  location: 'Tampere',
  ticketType: 'Permanto',
  ticketCount: 2,
  hasAssignedSeat: true,
  seatInfo: [{ sector: 'A', row: '5', seat: '12' }],
  additionalInfo: '',
  listingPriceCents: 8_950,
  sellingPriceCents: 8_689,
  originalPriceCents: 12_000,
  additionalFeesCents: 0,
  sellerDisplayName: 'Maija M.',
  sellerMemberSince: '2025-11-03T10:00:00.000Z',
  sellerCompletedSales: 4,
  heldUntil: null,
  viewCount: 42,
  viewer: 'visitor',
  buyerView: null,
  similar: [],
  sameEvent: [],
};

describe('prerendered first paint', () => {
  it('shows the home page hero, header and footer with this server’s contact details', async () => {
    const { home } = await prerenderPages({ site, consentSaved: true });
    expect(home.html).toContain('Lipputori vaivattomasti');
    expect(home.html).toContain('Myy lippu');
    expect(home.html).toContain('aria-label="Avaa valikko"');
    expect(home.html).toContain('tuki@lipputori.example');
    // The tickets arrive with the live app: the grid paints as loading.
    expect(home.html).toContain('role="progressbar"');
    expect(home.styleTags).toMatch(/<style data-emotion="css /);
  });

  it('includes the cookie banner only for visitors who have not made their choice', async () => {
    const withChoice = await prerenderPages({ site, consentSaved: true });
    const firstVisit = await prerenderPages({ site, consentSaved: false });
    expect(withChoice.home.html).not.toContain('aria-label="Evästeet"');
    expect(firstVisit.home.html).toContain('aria-label="Evästeet"');
    expect(firstVisit.shell.html).toContain('aria-label="Evästeet"');
  });

  it('renders other pages as the header over a loading page, with no nav entry marked current', async () => {
    const { shell } = await prerenderPages({ site, consentSaved: true });
    expect(shell.html).toContain('aria-label="Avaa valikko"');
    expect(shell.html).toContain('aria-label="Ladataan"');
    expect(shell.html).not.toContain('Lipputori vaivattomasti');
    expect(shell.html).not.toContain('aria-current="page"');
  });
});

describe('ticket page rendered per request', () => {
  it('draws the banner, details, price and the log-in prompt a visitor sees', async () => {
    const page = await renderTicketPage(`/liput/${ticket.id}`, ticket, { site, consentSaved: true });
    expect(page.html).toContain('src="/defaults/events/konsertti/1.webp"');
    expect(page.html).toContain('Joulukonsertti &lt;Areenalla&gt;');
    expect(page.html).toContain('Tampere-talo');
    expect(page.html).toMatch(/89,50\s€/);
    expect(page.html).toContain('Maija M.');
    expect(page.html).toContain('42 katselukertaa');
    expect(page.html).toContain('Sinun pitää kirjautua sisään, jotta voit ostaa lipun');
    expect(page.html).not.toContain('aria-label="Ladataan lippua"');
    expect(page.title).toBe('Joulukonsertti <Areenalla> – Lipputori');
  });

  it('hands its data to the app in a script that cannot be closed from inside', async () => {
    const page = await renderTicketPage(`/liput/jaa/${ticket.id}`, ticket, { site, consentSaved: false });
    expect(page.dataScript).toMatch(/^<script id="server-queries" type="application\/json">/);
    expect(page.dataScript).not.toContain('<Areenalla>');
    const json = page.dataScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    const state = JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: TicketDetails } }[] };
    expect(state.queries[0]?.queryKey).toEqual(['ticket-details', ticket.id, null]);
    expect(state.queries[0]?.state.data.eventName).toBe(ticket.eventName);
    expect(page.html).toContain('aria-label="Evästeet"');
  });
});

describe('sell gate rendered at start', () => {
  it('draws the terms in short and the ways in, with the social sign-ins the server offers', async () => {
    const page = await renderSellInfoPage({ site, consentSaved: true }, { google: true, facebook: false });
    expect(page.html).toContain('Myy lippusi Lipputorissa');
    expect(page.html).toContain('Myyjän ehdot lyhyesti');
    expect(page.html).toContain('href="/rekisteroidy"');
    expect(page.html).toContain('href="/kirjaudu"');
    expect(page.html).toContain('Kirjaudu Googlella');
    expect(page.html).not.toContain('Kirjaudu Facebookilla');
    expect(page.title).toBe('Myy lippusi – Lipputori');
    // The app finds the same answer in its cache, so the buttons neither arrive late nor move the text.
    const json = page.dataScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    const state = JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    expect(state.queries[0]?.queryKey).toEqual(['auth-providers']);
    expect(state.queries[0]?.state.data).toEqual({ google: true, facebook: false });
  });
});
