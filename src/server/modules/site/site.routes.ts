import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { defaultErrorMessages } from '#shared/errors.ts';
import { formatEuros } from '#shared/money.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { getSharePreview, listedTicketIds } from '../browsing/ticket-details.service.ts';

const staticPaths = [
  '/',
  '/miten-se-toimii',
  '/ukk',
  '/tietoa-meista',
  '/ota-yhteytta',
  '/kayttoehdot',
  '/tietosuojaseloste',
];

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

type SharePreview = NonNullable<Awaited<ReturnType<typeof getSharePreview>>>;

/** index.html with the listing's title and Open Graph / Twitter card tags for link previews. */
export function withShareTags(
  indexHtml: string,
  publicUrl: string,
  ticketId: string,
  preview: SharePreview,
): string {
  const date = preview.eventDate.toLocaleDateString('fi-FI', { timeZone: 'Europe/Helsinki' });
  const title = `${preview.eventName} – ${date} – ${formatEuros(preview.listingPriceCents)}`;
  const count = preview.ticketCount > 1 ? `${preview.ticketCount} lippua` : 'Lippu';
  const description = `${count} tapahtumaan ${preview.eventName}, ${preview.eventVenue}, ${preview.location} ${date}. Hinta ${formatEuros(preview.listingPriceCents)}. Osta turvallisesti Lipputorista.`;
  const image = new URL(preview.eventImage ?? '/defaults/events/default.webp', publicUrl).toString();
  const url = `${publicUrl}/liput/jaa/${ticketId}`;
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Lipputori'],
    ['og:title', title],
    ['og:description', description],
    ['og:image', image],
    ['og:url', url],
    ['og:locale', 'fi_FI'],
  ]
    .map(
      ([property, content]) => `<meta property="${property}" content="${escapeAttribute(content ?? '')}" />`,
    )
    .concat(
      [
        ['twitter:card', 'summary_large_image'],
        ['twitter:title', title],
        ['twitter:description', description],
        ['twitter:image', image],
      ].map(([name, content]) => `<meta name="${name}" content="${escapeAttribute(content ?? '')}" />`),
    )
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(title)} | Lipputori</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      `<meta name="description" content="${escapeAttribute(description)}" />`,
    )
    .replace(
      '</head>',
      `    ${tags}\n    <link rel="canonical" href="${escapeAttribute(`${publicUrl}/liput/${ticketId}`)}" />\n  </head>`,
    );
}

export const clientDistDir = fileURLToPath(new URL('../../../../dist/client', import.meta.url));

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html (with the public site
 * configuration written into it) for every other GET that asks for a page, so deep links work
 * and the SPA shows its own 404 page.
 */
export async function registerSite(app: FastifyInstance): Promise<void> {
  const indexFile = `${clientDistDir}/index.html`;
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace(
        '<!--site-config-->',
        `<script id="site-config" type="application/json">${JSON.stringify(app.config.site).replaceAll('<', '\\u003c')}</script>`,
      )
    : undefined;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDistDir,
      index: false,
      wildcard: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${clientDistDir}/assets/`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nSitemap: ${app.config.publicUrl}/sitemap.xml\n`,
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const base = app.config.publicUrl;
    const urls = [
      ...staticPaths.map((path) => `<url><loc>${base}${path}</loc></url>`),
      ...(await listedTicketIds(app.db)).map(
        (ticket) =>
          `<url><loc>${base}/liput/${ticket.id}</loc><lastmod>${ticket.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  // Share links render their preview tags on the server: messaging apps do not run JavaScript.
  app.get<{ Params: { ticketId: string } }>('/liput/jaa/:ticketId', async (request, reply) => {
    if (!indexHtml)
      return reply.status(503).type('text/plain; charset=utf-8').send('The client is not built.');
    const preview = await getSharePreview(app.db, request.params.ticketId);
    const html = preview
      ? withShareTags(indexHtml, app.config.publicUrl, request.params.ticketId, preview)
      : indexHtml;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      return reply.status(404).send(errorBody('not-found', defaultErrorMessages['not-found']));
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built: run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
