import { randomUUID } from 'node:crypto';
import { openAdminArea } from './support/demo-accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { createPendingListing, signUpNewUser } from './support/test-data.ts';

// A seller's `$'` in an event name once made String.replace copy the page into itself: a 6 MB
// share page from one listing. The server-drawn pages carry a listing's text as it is, and stay
// the size of the page plus that text (docs/decisions/020).

test('a listing named with replacement patterns keeps its share page and ticket page small and literal', async ({
  page,
  playwright,
  baseURL,
}) => {
  const seller = await playwright.request.newContext({ baseURL });
  await signUpNewUser(seller, 'dollari');
  // 100 characters, the longest name allowed: 48 `$'` and a tag of this run.
  const eventName = `${"$'".repeat(48)}${randomUUID().slice(0, 4)}`;
  const additionalInfo = "Lisätietoa: $& $` $1 $$ $<x> $'";
  const listing = await createPendingListing(seller, eventName, { additionalInfo });
  await seller.dispose();

  await openAdminArea(page);
  const approved = await page.request.post(`/api/admin/listings/${listing.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);

  const visitor = await playwright.request.newContext({ baseURL });
  for (const path of [`/liput/jaa/${listing.id}`, `/liput/${listing.id}`]) {
    const response = await visitor.get(path, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    // The drawn ticket page is some 100 KB; each `$'` used to add a copy of the rest of it.
    expect(html.length, path).toBeLessThan(400_000);
    expect(html.match(/<\/head>/g), path).toHaveLength(1);
    // Drawn on the server with the listing in it (React writes ' as &#x27;).
    expect(html, path).toContain('<div id="root" data-hydrate>');
    expect(html, path).toContain(eventName.replaceAll("'", '&#x27;'));
  }
  const share = await (await visitor.get(`/liput/jaa/${listing.id}`)).text();
  expect(share).toContain(`<title>${eventName} – `);
  expect(share).toMatch(new RegExp(`<meta property="og:title" content="${escapeRegExp(eventName)} – `));
  await visitor.dispose();

  await page.goto(`/liput/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventName);
  await expect(page.getByText(additionalInfo)).toBeVisible();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
