import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProfileLists } from '#client/prerender.tsx';
import { type AuthUser, authUserSchema } from '#shared/accounts/accounts.schema.ts';
import { adminListingsResponseSchema } from '#shared/admin/admin.schema.ts';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import { listingIdSchema, type TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { generalDefaultImage } from '#shared/categories.ts';
import { myComplaintsSchema } from '#shared/complaints/complaints.schema.ts';
import { consentSavedCookie } from '#shared/consent.ts';
import { finnishDate } from '#shared/dates.ts';
import { errorMessages } from '#shared/errors.ts';
import { jsonScriptTag, serverUserElementId } from '#shared/json-script.ts';
import { myListingsResponseSchema } from '#shared/listings/seller-listing.schema.ts';
import { formatEuros } from '#shared/money.ts';
import { profileTabFromParam } from '#shared/profile-tabs.ts';
import { publicPagePaths } from '#shared/public-pages.ts';
import { boughtTicketsSchema } from '#shared/purchases/purchase.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { escapeHtml, replaceInHtml } from '../../html.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { getAuthUser, isAdmin } from '../accounts/accounts.service.ts';
import { resolveSession, sessionCookieName, setSessionCookie } from '../accounts/sessions.ts';
import { configuredProviders } from '../accounts/social/social-sign-in.ts';
import { adminAccessExpiry } from '../admin/admin-access.ts';
import { pendingListings } from '../admin/admin-review.service.ts';
import { getTicketDetails } from '../browsing/ticket-details.service.ts';
import { myComplaints } from '../complaints/complaints.service.ts';
import { listedListingIds } from '../listings/listings.service.ts';
import { listSellerListings } from '../listings/seller-listings.ts';
import { boughtTickets } from '../purchases/bought-tickets.ts';
import { clientDistDir, readBuildManifest, staticChunkFiles } from './build-manifest.ts';
import { createPageRenderer, infoPagePaths } from './page-renderer.ts';

const notBuiltMessage = 'The client is not built: run `npm run build` (npm start does it for you).';

type SharePreview = Pick<
  TicketDetails,
  'eventName' | 'eventDate' | 'eventVenue' | 'location' | 'eventImage' | 'listingPriceCents' | 'ticketCount'
>;

/** index.html with the listing's title and Open Graph / Twitter card tags for link previews. */
export function withShareTags(
  indexHtml: string,
  publicUrl: string,
  ticketId: string,
  preview: SharePreview,
): string {
  const date = finnishDate(new Date(preview.eventDate));
  const title = `${preview.eventName} – ${date} – ${formatEuros(preview.listingPriceCents)}`;
  const count = preview.ticketCount > 1 ? `${preview.ticketCount} lippua` : 'Lippu';
  const description = `${count} tapahtumaan ${preview.eventName}, ${preview.eventVenue}, ${preview.location} ${date}. Hinta ${formatEuros(preview.listingPriceCents)}. Osta turvallisesti Lipputorista.`;
  const image = new URL(preview.eventImage ?? generalDefaultImage, publicUrl).toString();
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
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
    .concat(
      [
        ['twitter:card', 'summary_large_image'],
        ['twitter:title', title],
        ['twitter:description', description],
        ['twitter:image', image],
      ].map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content ?? '')}" />`),
    )
    .join('\n    ');
  const titled = replaceInHtml(
    indexHtml,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(title)} | Lipputori</title>`,
  );
  const described = replaceInHtml(
    titled,
    /<meta\s+name="description"[^>]*>/,
    `<meta name="description" content="${escapeHtml(description)}" />`,
  );
  return replaceInHtml(
    described,
    '</head>',
    `    ${tags}\n    <link rel="canonical" href="${escapeHtml(`${publicUrl}/liput/${ticketId}`)}" />\n  </head>`,
  );
}

const ticketPageModule = 'src/client/app/pages/ticket-page.tsx';
const sellInfoPageModule = 'src/client/app/pages/sell-info-page.tsx';
const adminPageModule = 'src/client/app/pages/admin-page.tsx';
const adminAreaModule = 'src/client/features/admin/components/admin-area.tsx';
const adminReviewTabModule = 'src/client/features/admin/components/listing-review-tab.tsx';
const adminAccessDialogModule = 'src/client/features/admin/components/admin-access-dialog.tsx';
const profilePageModule = 'src/client/app/pages/profile-page.tsx';
const profileTabsModule = 'src/client/app/pages/profile-tabs.tsx';
const userDetailsModule = 'src/client/features/accounts/components/user-details.tsx';

/** The user's complaints as GET /api/complaints answers them. */
const complaintsOf = async (db: Db, userId: string) =>
  myComplaintsSchema.parse(await myComplaints(db, userId)).complaints;

/**
 * What each profile tab (by its ?tab= value) loads first: its code, and the lists it is drawn with
 * as the API answers them (`lists`; the user details tab has none), or asks for (`dataUrls`).
 */
interface ProfileTabLoad {
  module: string;
  dataUrls: string[];
  lists?(db: Db, userId: string): Promise<ProfileLists>;
}
const profileTabLoads: [ProfileTabLoad, ProfileTabLoad, ProfileTabLoad] = [
  {
    module: profileTabsModule,
    dataUrls: ['/api/purchases', '/api/complaints'],
    lists: async (db, userId) => ({
      tickets: boughtTicketsSchema.parse({ tickets: await boughtTickets(db, userId) }).tickets,
      complaints: await complaintsOf(db, userId),
    }),
  },
  {
    module: profileTabsModule,
    dataUrls: ['/api/listings/mine', '/api/complaints'],
    lists: async (db, userId) => ({
      listings: myListingsResponseSchema.parse({ listings: await listSellerListings(db, userId) }).listings,
      complaints: await complaintsOf(db, userId),
    }),
  },
  { module: userDetailsModule, dataUrls: [] },
];

interface PagePreloads {
  /** The page's code chunks: the boot script preloads them with the app, after the first paint. */
  modules: string[];
  /** The page's largest paint, an image; null when there is none to know of. */
  image: string | null;
  /** The API answers the page will ask for first, when it is sent without them. */
  dataUrls: string[];
}

/**
 * Starts what a page needs while its JavaScript loads: its largest image first (on a phone's few
 * connections it must not queue behind code), its data, and its code.
 */
export function withPagePreloads(html: string, { modules, image, dataUrls }: PagePreloads): string {
  const links = [
    ...(image ? [`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}" />`] : []),
    ...dataUrls.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}" />`),
  ];
  return withPageChunks(
    replaceInHtml(html, /<meta charset="UTF-8" \/>/, (charset) => [charset, ...links].join('\n    ')),
    modules,
  );
}

/**
 * How far /admin opens for this request, as the admin API will answer it: 'closed' for anyone
 * but an admin, 'locked' for an admin without the access cookie (the dialog), 'open' with it.
 */
type AdminAreaRequest =
  | { state: 'closed' | 'locked' }
  | { state: 'open'; userId: string /** When the access cookie stops working. */; expiresAt: Date };

/** Lists a lazily loaded page's code chunks, which the boot script preloads with the app's. */
function withPageChunks(html: string, modules: string[]): string {
  return replaceInHtml(html, '</head>', `  ${jsonScriptTag('page-chunks', modules)}\n  </head>`);
}

/**
 * The ticket as GET /api/tickets/{id} answers the viewer (null: the public), or null when it is
 * missing or not shown to them.
 */
async function ticketDetailsFor(
  db: Db,
  ticketId: string,
  viewerId: string | null,
): Promise<TicketDetails | null> {
  if (!listingIdSchema.safeParse(ticketId).success) return null;
  try {
    return await getTicketDetails(db, ticketId, viewerId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The account as GET /api/me answers it, or null when it has been deleted since the session began. */
async function currentUser(db: Db, userId: string): Promise<AuthUser | null> {
  try {
    return authUserSchema.parse(await getAuthUser(db, userId));
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html (with the public site
 * configuration written into it, and the page's first paint in #root) for every other GET that
 * asks for a page, so deep links work and the SPA shows its own 404 page.
 */
export async function registerSite(app: FastifyInstance): Promise<void> {
  const indexFile = `${clientDistDir}/index.html`;
  const indexHtml = existsSync(indexFile)
    ? replaceInHtml(
        readFileSync(indexFile, 'utf8'),
        '<!--site-config-->',
        jsonScriptTag('site-config', app.config.site),
      )
    : undefined;

  const renderer = indexHtml
    ? await createPageRenderer(indexHtml, app.config.site, configuredProviders(app.config))
    : undefined;
  const manifest = readBuildManifest(clientDistDir);
  const ticketPageModules = manifest ? staticChunkFiles(manifest, ticketPageModule) : [];
  const sellInfoPageModules = manifest ? staticChunkFiles(manifest, sellInfoPageModule) : [];
  const chunks = (module: string) => (manifest ? staticChunkFiles(manifest, module) : []);
  const moduleFiles = (...modules: string[]) => [...new Set(modules.flatMap(chunks))];
  // What /admin loads in each state (adminAreaState); with access, the review tab's when shown.
  const adminPageModules = {
    closed: moduleFiles(adminPageModule),
    locked: moduleFiles(adminPageModule, adminAreaModule, adminAccessDialogModule),
    open: moduleFiles(adminPageModule, adminAreaModule),
    review: moduleFiles(adminPageModule, adminAreaModule, adminReviewTabModule),
  };

  const profilePageModules = moduleFiles(profilePageModule);

  const sendPage = (reply: FastifyReply, html: string | undefined) =>
    html
      ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
      : reply.status(503).type('text/plain; charset=utf-8').send(notBuiltMessage);

  /** A page drawn for one signed-in user (their details, purchases, sales): kept by no cache, the browser's included. */
  const sendPrivatePage = (reply: FastifyReply, html: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  const consentSaved = (request: FastifyRequest) => request.cookies[consentSavedCookie] === '1';

  /** The user whose session the request carries, checked as the API checks it (plugins/auth.ts). */
  const signedInUserId = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    const token = request.cookies[sessionCookieName];
    const session = token ? await resolveSession(app.db, token) : undefined;
    if (!token || !session) return null;
    if (session.renewed) setSessionCookie(reply, token, app.config.env === 'production');
    return session.userId;
  };

  /** The signed-in user as GET /api/me answers them, or null for a visitor, a stale session or a deleted account. */
  const signedInUser = async (request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> => {
    const userId = await signedInUserId(request, reply);
    return userId ? currentUser(app.db, userId) : null;
  };

  /**
   * The ticket page's HTML, drawn with its data as the API answers the one asking: a visitor, or the
   * signed-in user the server checked the session for, whose page differs as the ticket's seller or
   * buyer (then it comes with the user, as the profile does). A stale session gets the shell while
   * the app finds out who asks, and so does a user the ticket is not shown to. A share link's page
   * also carries the preview tags.
   */
  const ticketPageHtml = async (
    request: FastifyRequest<{ Params: { ticketId: string } }>,
    reply: FastifyReply,
    share: boolean,
  ): Promise<{ html: string; forUser: boolean } | undefined> => {
    if (!renderer) return undefined;
    const { ticketId } = request.params;
    const hasSession = request.cookies[sessionCookieName] !== undefined;
    const user = hasSession ? await signedInUser(request, reply) : null;
    const ticket = await ticketDetailsFor(app.db, ticketId, user?.uid ?? null);
    const drawn = ticket !== null && (user !== null || !hasSession);
    const page = drawn
      ? await renderer.ticketPage(request.url, ticket, consentSaved(request), user ?? undefined)
      : renderer.shell(consentSaved(request));
    const html = withPagePreloads(page, {
      modules: ticketPageModules,
      image: ticket ? (ticket.eventImage ?? eventImagePlaceholder) : null,
      dataUrls: [
        ...(user ? ['/api/me'] : []),
        ...(drawn ? [] : [`/api/tickets/${encodeURIComponent(ticketId)}`]),
      ],
    });
    return {
      html: share && ticket ? withShareTags(html, app.config.publicUrl, ticketId, ticket) : html,
      forUser: drawn && user !== null,
    };
  };

  /** A ticket page: drawn for a user, it is theirs alone (a buyer's files), kept by no cache. */
  const sendTicketPage = (reply: FastifyReply, page: { html: string; forUser: boolean } | undefined) =>
    page?.forUser ? sendPrivatePage(reply, page.html) : sendPage(reply, page?.html);

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

  app.get('/', async (request, reply) =>
    sendPage(reply, await renderer?.home(request.url, consentSaved(request))),
  );

  app.get<{ Params: { ticketId: string } }>('/liput/:ticketId', async (request, reply) =>
    sendTicketPage(reply, await ticketPageHtml(request, reply, false)),
  );
  // Share links render their preview tags on the server: messaging apps do not run JavaScript.
  app.get<{ Params: { ticketId: string } }>('/liput/jaa/:ticketId', async (request, reply) =>
    sendTicketPage(reply, await ticketPageHtml(request, reply, true)),
  );

  // The info pages are drawn for everyone, as the home page: only the header differs for a
  // signed-in user, and the app brings it up to date as it takes the page over.
  for (const path of infoPagePaths)
    app.get(path, async (request, reply) => sendPage(reply, renderer?.infoPage(path, consentSaved(request))));

  // The sell gate is drawn for visitors; a signed-in user's differs (straight on to selling), so
  // they get the shell and the app draws theirs.
  app.get('/myy-lippu-info', async (request, reply) => {
    const page = request.cookies[sessionCookieName]
      ? renderer?.shell(consentSaved(request))
      : renderer?.sellInfo(consentSaved(request));
    return sendPage(reply, page && withPageChunks(page, sellInfoPageModules));
  });

  /** Who is asking for /admin, checked as the admin API's access rule checks it (plugins/auth.ts). */
  const adminAreaState = async (request: FastifyRequest, reply: FastifyReply): Promise<AdminAreaRequest> => {
    const userId = await signedInUserId(request, reply);
    if (!userId || !(await isAdmin(app.db, userId))) return { state: 'closed' };
    const expiresAt = adminAccessExpiry(request, userId);
    return expiresAt ? { state: 'open', userId, expiresAt } : { state: 'locked' };
  };

  /**
   * /admin starts what it will load with the page instead of one after another once the app runs
   * (decision 029): for an admin the area's code and the access status; with access also the
   * default tab's code and the first pending listing's image, the page's largest paint. An admin
   * with access gets the review tab drawn with its data, as the API answers them, so the area is
   * in the first paint: the server has checked what the app's guard would ask it. Anyone else gets
   * the page's own code only (the 404 page), no call the API would refuse, and nothing drawn.
   */
  app.get<{ Querystring: { tab?: unknown } }>('/admin', async (request, reply) => {
    const shell = renderer?.shell(consentSaved(request));
    if (!renderer || !shell) return sendPage(reply, shell);
    const admin = await adminAreaState(request, reply);
    // The review tab is the one shown without ?tab (or with its own value); the others load as shown.
    const reviewTab =
      admin.state === 'open' && (request.query.tab === undefined || request.query.tab === 'liput');
    const listings = reviewTab ? await pendingListings(app.db) : [];
    const [first] = listings;
    const drawn =
      admin.state === 'open' && reviewTab
        ? await renderer.adminPage(
            request.url,
            {
              user: authUserSchema.parse(await getAuthUser(app.db, admin.userId)),
              access: { granted: true, expiresAt: admin.expiresAt.toISOString() },
              listings: adminListingsResponseSchema.parse({ listings }).listings,
            },
            consentSaved(request),
          )
        : null;
    const page = withPagePreloads(drawn ?? shell, {
      modules: adminPageModules[reviewTab ? 'review' : admin.state],
      image: first ? (first.eventImage ?? eventImagePlaceholder) : null,
      dataUrls: [
        ...(admin.state === 'closed' ? [] : ['/api/me', '/api/admin/access']),
        // A drawn page carries the listings; the access status is asked again all the same.
        ...(reviewTab && !drawn ? ['/api/admin/listings?status=pending'] : []),
      ],
    });
    // Sellers' addresses and accounts.
    if (drawn) return sendPrivatePage(reply, page);
    return sendPage(reply, page);
  });

  /**
   * /profiili for a signed-in user, drawn for the user the server checked the session for (decision
   * 029): the bought tickets or listings tab with its cards, from the lists as the API answers them,
   * which the app takes over; the user details tab as the shell with the user, so the app starts
   * signed in instead of waiting for GET /api/me, and the tab's code started with the page. Anyone
   * else gets the shell, and the sign-in guard sends them to log in. Sent `no-store`: it carries
   * the user's details, purchases and sales.
   */
  app.get('/profiili', async (request, reply) => {
    const shell = renderer?.shell(consentSaved(request));
    if (!renderer || !shell) return sendPage(reply, shell);
    const user = await signedInUser(request, reply);
    if (!user) return sendPage(reply, withPageChunks(shell, profilePageModules));
    // Read as the page reads it (the first of repeated values), so the tab drawn is the one shown.
    const { searchParams } = new URL(request.url, app.config.publicUrl);
    const tab = profileTabLoads[profileTabFromParam(searchParams.get('tab'))] ?? profileTabLoads[0];
    const drawn = tab.lists
      ? await renderer.profilePage(
          request.url,
          { user, lists: await tab.lists(app.db, user.uid) },
          consentSaved(request),
        )
      : null;
    const page = withPagePreloads(
      drawn ?? replaceInHtml(shell, '</head>', `  ${jsonScriptTag(serverUserElementId, user)}\n  </head>`),
      {
        modules: moduleFiles(profilePageModule, tab.module),
        image: null,
        // A drawn page carries its lists; who is signed in is asked again all the same.
        dataUrls: ['/api/me', ...(drawn ? [] : tab.dataUrls)],
      },
    );
    return sendPrivatePage(reply, page);
  });

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
      ...publicPagePaths.map((path) => `<url><loc>${base}${path}</loc></url>`),
      ...(await listedListingIds(app.db)).map(
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
      return reply.status(404).send(errorBody('not-found', errorMessages['not-found']));
    }
    return sendPage(reply, renderer?.shell(consentSaved(request)));
  });
}
