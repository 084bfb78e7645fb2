import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import { consentSavedCookie } from '#shared/consent.ts';
import { defaultErrorMessages } from '#shared/errors.ts';
import { formatEuros } from '#shared/money.ts';
import type { SiteConfig } from '#shared/site-config.ts';
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

const notBuiltMessage = 'The client is not built: run `npm run build` (npm start does it for you).';

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
const prerendererFile = fileURLToPath(new URL('../../../../dist/prerender/prerender.js', import.meta.url));
const manifestFile = `${clientDistDir}/.vite/manifest.json`;
const ticketPageModule = 'src/client/app/pages/ticket-page.tsx';

interface PrerenderedPage {
  html: string;
  styleTags: string;
}
interface Prerenderer {
  prerenderPages(
    site: SiteConfig,
    options: { consentSaved: boolean },
  ): { home: PrerenderedPage; shell: PrerenderedPage };
}
/** A page's HTML for visitors who have made their cookie choice and for those who have not. */
interface PageVariants {
  consentSaved: string;
  banner: string;
}

/**
 * index.html with the first paint of the home page, and of every other page (the header over a
 * loading page), already in #root (src/client/prerender.tsx, built with the client). A phone then
 * paints from the first response instead of after ~200 KB of JavaScript, which renders the live
 * page over it. Rendered once at start, with this server's site configuration.
 */
async function prerenderPages(
  indexHtml: string,
  site: SiteConfig,
): Promise<{ home: PageVariants; shell: PageVariants }> {
  if (!existsSync(prerendererFile)) {
    const plain = { consentSaved: indexHtml, banner: indexHtml };
    return { home: plain, shell: plain };
  }
  const { prerenderPages } = (await import(pathToFileURL(prerendererFile).href)) as Prerenderer;
  const fill = (page: PrerenderedPage) =>
    indexHtml
      .replace('</head>', `  ${page.styleTags}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  const quiet = prerenderPages(site, { consentSaved: true });
  const banner = prerenderPages(site, { consentSaved: false });
  return {
    home: { consentSaved: fill(quiet.home), banner: fill(banner.home) },
    shell: { consentSaved: fill(quiet.shell), banner: fill(banner.shell) },
  };
}

/** The ticket page's code chunks, from the build manifest, so its HTML can preload them. */
function ticketPageChunks(): string[] {
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ticketPageModule);
  return [...files];
}

/**
 * Starts what the ticket page needs while its JavaScript loads: its code, the ticket's data and
 * the banner image, the page's largest paint.
 */
export function withTicketPreloads(
  html: string,
  ticketId: string,
  image: string | null,
  chunks: string[],
): string {
  const links = [
    ...chunks.map((file) => `<link rel="modulepreload" href="${escapeAttribute(file)}" />`),
    `<link rel="preload" as="fetch" crossorigin href="/api/tickets/${escapeAttribute(encodeURIComponent(ticketId))}" />`,
    ...(image
      ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}" />`]
      : []),
  ];
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

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

  const pages = indexHtml ? await prerenderPages(indexHtml, app.config.site) : undefined;
  const ticketChunks = ticketPageChunks();
  const sendPage = (reply: FastifyReply, html: string | undefined) =>
    html
      ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
      : reply.status(503).type('text/plain; charset=utf-8').send(notBuiltMessage);

  const variant = (request: FastifyRequest, page: PageVariants) =>
    request.cookies[consentSavedCookie] === '1' ? page.consentSaved : page.banner;

  /** The ticket page's HTML; a share link's also carries the preview tags. */
  const ticketPageHtml = async (
    request: FastifyRequest<{ Params: { ticketId: string } }>,
    share: boolean,
  ) => {
    if (!pages) return undefined;
    const { ticketId } = request.params;
    const preview = await getSharePreview(app.db, ticketId);
    const image = preview ? (preview.eventImage ?? eventImagePlaceholder) : null;
    const html = withTicketPreloads(variant(request, pages.shell), ticketId, image, ticketChunks);
    return share && preview ? withShareTags(html, app.config.publicUrl, ticketId, preview) : html;
  };

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

  app.get('/', async (request, reply) => sendPage(reply, pages && variant(request, pages.home)));

  app.get<{ Params: { ticketId: string } }>('/liput/:ticketId', async (request, reply) =>
    sendPage(reply, await ticketPageHtml(request, false)),
  );
  // Share links render their preview tags on the server: messaging apps do not run JavaScript.
  app.get<{ Params: { ticketId: string } }>('/liput/jaa/:ticketId', async (request, reply) =>
    sendPage(reply, await ticketPageHtml(request, true)),
  );

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

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      return reply.status(404).send(errorBody('not-found', defaultErrorMessages['not-found']));
    }
    return sendPage(reply, pages && variant(request, pages.shell));
  });
}
