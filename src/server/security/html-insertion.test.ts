import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonScriptTag } from '#shared/json-script.ts';
import { escapeHtml } from '../html.ts';
import { pageWithData } from '../modules/site/page-renderer.ts';
import { withPagePreloads, withShareTags } from '../modules/site/site.routes.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { renderMail } from '../platform/mail/templates.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Text a seller wrote goes into HTML the server draws. `String.replace` reads `$'`, `$&`, `` $` ``
// and `$1` in a replacement string as "the text after / the match / the text before / a group":
// 50 `$'` in an event name made a 6 MB share page. Every insertion is literal, so the page grows
// by the text's own length, never by copies of itself.

const indexHtml = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
/** Every replacement pattern, and an event name of the longest allowed kind made of `$'` only. */
const patterns = ["$'", '$&', '$`', '$1', '$$', '$<x>'];
const eventName = "$'".repeat(50);
const eventVenue = patterns.join(' ');
const location = `Kaupunki ${'$`'.repeat(20)}`;

/** Bounded: the page is its template plus each inserted text a fixed number of times, at most. */
const boundFor = (template: string, ...texts: string[]) =>
  template.length + 20 * texts.reduce((sum, text) => sum + escapeHtml(text).length, 0) + 4_000;

describe('hostile text in server-drawn HTML is inserted as it is', () => {
  it('keeps the share page /liput/jaa/{id} bounded, with the seller’s text literally in it', () => {
    const page = withShareTags(
      withPagePreloads(indexHtml, { modules: ['/assets/x.js'], image: null, dataUrls: [] }),
      'https://lipputori.example',
      'abc',
      {
        eventName,
        eventVenue,
        location,
        eventDate: '2030-06-01T16:00:00.000Z',
        eventImage: null,
        listingPriceCents: 1_030,
        ticketCount: 1,
      },
    );
    expect(page.length).toBeLessThan(boundFor(indexHtml, eventName, eventVenue, location));
    expect(page).toContain(`<title>${escapeHtml(eventName)} – 1.6.2030 – `);
    expect(page).toContain(
      `tapahtumaan ${escapeHtml(eventName)}, ${escapeHtml(eventVenue)}, ${escapeHtml(location)}`,
    );
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });

  it('keeps a ticket page drawn with its data bounded, the text in its markup, data and title', () => {
    const text = `${eventName} ${eventVenue}`;
    const drawn = {
      html: `<main><h1>${escapeHtml(text)}</h1></main>`,
      styleTags: '<style>h1{}</style>',
      dataScript: jsonScriptTag('server-queries', { eventName: text }),
      title: `${text} | Lipputori`,
    };
    const page = pageWithData(indexHtml, drawn);
    expect(page.length).toBeLessThan(boundFor(indexHtml, text));
    expect(page).toContain(`<div id="root" data-hydrate><main><h1>${escapeHtml(text)}</h1></main></div>`);
    expect(page).toContain(drawn.dataScript);
    expect(page).toContain(`<title>${escapeHtml(drawn.title)}</title>`);
  });

  it('writes a mail’s text as it is', () => {
    const mail = renderMail({
      heading: eventName,
      paragraphs: [eventVenue],
      action: { label: location, url: 'https://x.example/$1' },
    });
    expect(mail.html).toContain(`<h1 style="font-size:20px;color:#8a5a2b">${escapeHtml(eventName)}</h1>`);
    expect(mail.html).toContain(escapeHtml(eventVenue));
    expect(mail.html.length).toBeLessThan(boundFor('', eventName, eventVenue, location));
  });
});

describe('the development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows a mail’s subject and text as they are, links included', async () => {
    const text = `${eventVenue} https://lipputori.example/liput/$'`;
    await enqueueMail(t.app.db, { to: 'testi@example.fi', subject: eventName, text });
    const page = await t.app.inject({ url: '/dev/posti', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h2>${escapeHtml(eventName)}</h2>`);
    expect(page.body).toContain(
      `<a href="https://lipputori.example/liput/$'">https://lipputori.example/liput/$'</a>`,
    );
    expect(page.body.length).toBeLessThan(boundFor('', eventName, text) + 2_000);
  });
});
