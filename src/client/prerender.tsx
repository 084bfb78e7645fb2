import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import type { AuthUser, SocialProvider } from '#shared/accounts/accounts.schema.ts';
import type { AdminAccessStatus, AdminListing } from '#shared/admin/admin.schema.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import type { MyComplaints } from '#shared/complaints/complaints.schema.ts';
import { jsonScriptTag, serverUserElementId } from '#shared/json-script.ts';
import type { MyListing } from '#shared/listings/seller-listing.schema.ts';
import type { BoughtTicket } from '#shared/purchases/purchase.schema.ts';
import type { SiteConfig } from '#shared/site-config.ts';
import { AppProviders } from './app/app-providers.tsx';
import { AppShellLoading } from './app/layout/app-layout.tsx';
import { routes } from './app/routes.tsx';
import { authProviderKeys } from './features/accounts/api/keys.ts';
import { type AuthState, checkedOnServer, ServerDrawnAuth } from './features/accounts/auth-store.ts';
import { adminKeys } from './features/admin/api/keys.ts';
import { ticketDetailsKeys } from './features/browsing/api/keys.ts';
import { complaintKeys } from './features/complaints/api/keys.ts';
import { ServerSawConsent } from './features/consent/consent-store.ts';
import { sellerListingKeys } from './features/listings/api/keys.ts';
import { purchaseKeys } from './features/purchases/api/keys.ts';
import { accountsText } from './i18n/fi/accounts.ts';
import { adminText } from './i18n/fi/admin.ts';
import { browsingText } from './i18n/fi/browsing.ts';
import { sellInfoText } from './i18n/fi/sell-info.ts';
import { createQueryClient, serverQueriesElementId } from './lib/query-client.ts';
import { provideSiteConfig } from './lib/site-config.ts';

export interface PrerenderedPage {
  /** The markup for #root. */
  html: string;
  /** The <style> tags of the styles that markup uses. */
  styleTags: string;
}

/** A page drawn with data, which the app takes over instead of asking for it again. */
export interface RenderedDataPage extends PrerenderedPage {
  /** The <script> with the data the page was drawn with, for the app to take over. */
  dataScript: string;
  title: string;
}

interface RenderOptions {
  site: SiteConfig;
  /** Visitors who have not made their cookie choice get the page with the cookie banner. */
  consentSaved: boolean;
}

// A path no nav entry matches, so no entry is drawn as the current one.
const shellRoutes: RouteObject[] = [{ path: '*', Component: AppShellLoading }];
const appHandler = createStaticHandler(routes);
const shellHandler = createStaticHandler(shellRoutes);

/**
 * The first paint of the pages that need no data, rendered once at start by the server
 * (src/server/modules/site) and sent in place of the empty #root: `home` is the home page (its
 * ticket grid loading); `shell` (the header over a loading page) stands for every other page until
 * its code and data arrive.
 */
export async function prerenderPages(
  options: RenderOptions,
): Promise<{ home: PrerenderedPage; shell: PrerenderedPage }> {
  return {
    home: await renderPath(appHandler, '/', options, createQueryClient()),
    shell: await renderPath(shellHandler, '/lataa', options, createQueryClient()),
  };
}

/**
 * An info page (how it works, FAQ, about, contact, terms, privacy): the same for every visitor,
 * drawn once at start so its text is in the first paint (decision 029).
 */
export function renderInfoPage(path: string, options: RenderOptions): Promise<PrerenderedPage> {
  return renderPath(appHandler, path, options, createQueryClient());
}

/** The home page at an address with list parameters (a search, a page): drawn per request. */
export function renderHomePage(path: string, options: RenderOptions): Promise<PrerenderedPage> {
  return renderPath(appHandler, path, options, createQueryClient());
}

/**
 * A ticket page with its data, rendered per request, as a visitor sees it or, with `user`, as the
 * user whose session the server checked sees it (the seller's or the buyer's page): the banner, the
 * details and the price are in the first response, and the app takes the data (and the user) over
 * instead of fetching it again.
 */
export async function renderTicketPage(
  path: string,
  ticket: TicketDetails,
  options: RenderOptions,
  user: AuthUser | null = null,
): Promise<RenderedDataPage> {
  const client = createQueryClient();
  client.setQueryData(ticketDetailsKeys.detail(ticket.id, user?.uid ?? null), ticket);
  const queries = jsonScriptTag(serverQueriesElementId, dehydrate(client));
  const dataScript = user ? `${queries}\n    ${jsonScriptTag(serverUserElementId, user)}` : queries;
  const page = await renderPath(appHandler, path, options, client, user ? checkedOnServer(user) : undefined);
  return { ...page, dataScript, title: browsingText.documentTitle(ticket.eventName) };
}

/**
 * The sell gate as a visitor sees it, rendered once at start: the page a would-be seller lands on,
 * drawn at once. Its ways in include the social sign-in buttons the server is configured for,
 * sent with the page so they neither arrive late nor push the text down.
 */
export async function renderSellInfoPage(
  options: RenderOptions,
  providers: Record<SocialProvider, boolean>,
): Promise<RenderedDataPage> {
  const client = createQueryClient();
  client.setQueryData(authProviderKeys.all, providers);
  const dataScript = jsonScriptTag(serverQueriesElementId, dehydrate(client));
  const page = await renderPath(appHandler, '/myy-lippu-info', options, client);
  return { ...page, dataScript, title: sellInfoText.documentTitle };
}

/** What the admin area's review tab is drawn with: the API's answers to this admin's requests. */
export interface AdminPageData {
  /** GET /api/me. */
  user: AuthUser;
  /** GET /api/admin/access: granted. */
  access: AdminAccessStatus;
  /** GET /api/admin/listings?status=pending. */
  listings: AdminListing[];
}

/**
 * The admin area on its review tab, rendered per request for an admin the server has found to
 * hold the access cookie (decision 029): the banner, the tabs and the pending listings' cards are
 * in the first response, and the app takes the user and the answers over instead of showing the
 * 404 page while it asks for them. Nobody else is sent this page.
 */
export async function renderAdminPage(
  path: string,
  { user, access, listings }: AdminPageData,
  options: RenderOptions,
): Promise<RenderedDataPage> {
  const client = createQueryClient();
  client.setQueryData(adminKeys.access(), access);
  client.setQueryData(adminKeys.pendingListings(), listings);
  const dataScript = `${jsonScriptTag(serverQueriesElementId, dehydrate(client))}\n    ${jsonScriptTag(serverUserElementId, user)}`;
  const page = await renderPath(appHandler, path, options, client, checkedOnServer(user));
  return { ...page, dataScript, title: adminText.documentTitle };
}

/**
 * The lists a profile tab is drawn from, as the API answers the user: the bought tickets (tab 0,
 * GET /api/purchases) or the listings (tab 1, GET /api/listings/mine), each with the user's
 * complaints (GET /api/complaints), which the cards show.
 */
export type ProfileLists =
  | { tickets: BoughtTicket[]; complaints: MyComplaints['complaints'] }
  | { listings: MyListing[]; complaints: MyComplaints['complaints'] };

export interface ProfilePageData {
  /** GET /api/me. */
  user: AuthUser;
  lists: ProfileLists;
}

/**
 * The profile on its bought tickets or listings tab, rendered per request for the user whose
 * session the server checked (decision 029): the cards are in the first response, and the app
 * takes them and their data over instead of creating them once the lists have come.
 */
export async function renderProfilePage(
  path: string,
  { user, lists }: ProfilePageData,
  options: RenderOptions,
): Promise<RenderedDataPage> {
  const client = createQueryClient();
  if ('tickets' in lists) client.setQueryData(purchaseKeys.bought(user.uid), lists.tickets);
  else client.setQueryData(sellerListingKeys.mine(user.uid), lists.listings);
  client.setQueryData(complaintKeys.mine(user.uid), lists.complaints);
  const dataScript = `${jsonScriptTag(serverQueriesElementId, dehydrate(client))}\n    ${jsonScriptTag(serverUserElementId, user)}`;
  const page = await renderPath(appHandler, path, options, client, checkedOnServer(user));
  return { ...page, dataScript, title: accountsText.profile.documentTitle };
}

async function renderPath(
  handler: ReturnType<typeof createStaticHandler>,
  path: string,
  { site, consentSaved }: RenderOptions,
  client: QueryClient,
  auth?: AuthState,
): Promise<PrerenderedPage> {
  // Loads the code of the lazily loaded page the path leads to.
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`prerendering ${path} answered a redirect`);
  provideSiteConfig(site);
  const router = (
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />
  );
  const page = await render(
    <ServerSawConsent value={consentSaved}>
      {auth ? <ServerDrawnAuth value={auth}>{router}</ServerDrawnAuth> : router}
    </ServerSawConsent>,
    client,
  );
  // Queries the page started (e.g. the home grid's) would keep Node busy with their timers.
  client.clear();
  return page;
}

/** The markup React leaves for a part it could not render yet: the browser would draw it itself. */
const leftForBrowser = '<!--$!-->';

/**
 * Renders to complete HTML, lazily loaded parts included, so the browser can hydrate it: take it
 * over as it is instead of drawing the page again. renderToString does not wait for a part whose
 * code has not loaded yet; the first time one is met, react-dom/static loads it (its own output
 * needs inline scripts, which the CSP refuses) and the page is rendered again.
 */
async function render(app: ReactNode, client: QueryClient): Promise<PrerenderedPage> {
  const page = renderToHtml(app, client);
  if (!page.html.includes(leftForBrowser)) return page;
  await prerender(withProviders(app, client, createCache({ key: 'css' })));
  return renderToHtml(app, client);
}

function renderToHtml(app: ReactNode, client: QueryClient): PrerenderedPage {
  // The key 'css' is the browser's default, so the browser's emotion takes these styles over
  // instead of adding copies. In compat mode emotion collects the styles in the cache instead of
  // writing <style> tags into the markup.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(withProviders(app, client, cache));
  return { html, styleTags: styleTags(cache) };
}

/**
 * The <style> tags of every style the render made, as emotion's SSR writes them. Not just those
 * whose class is in the HTML (emotion's extractCritical): components styled on top of others
 * (IconButton over ButtonBase) leave one merged class on the element, and the browser's emotion
 * would compile and insert their own classes again while hydrating (~200 rules, a long task on a
 * phone); sent along (~2 KB gzip), they are taken over as already inserted. `data-s` is emotion's
 * mark for tags it has already moved into <head>: these are there, and moving them would restyle
 * the whole page.
 */
function styleTags(cache: EmotionCache): string {
  let globalTags = '';
  const ids: string[] = [];
  let css = '';
  for (const [id, style] of Object.entries(cache.inserted)) {
    if (typeof style !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      // Global styles and keyframes: a tag each, which their components take over by name.
      globalTags += styleTag(`${cache.key}-global ${id}`, style);
    } else {
      ids.push(id);
      css += style;
    }
  }
  return globalTags + styleTag(`${cache.key} ${ids.join(' ')}`, css);
}

const styleTag = (names: string, css: string) => `<style data-emotion="${names}" data-s="">${css}</style>`;

function withProviders(app: ReactNode, client: QueryClient, cache: EmotionCache): ReactNode {
  return (
    <CacheProvider value={cache}>
      <AppProviders client={client}>{app}</AppProviders>
    </CacheProvider>
  );
}
