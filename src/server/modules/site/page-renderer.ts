import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type * as prerenderModule from '#client/prerender.tsx';
import type {
  AdminPageData,
  PrerenderedPage,
  ProfilePageData,
  RenderedDataPage,
} from '#client/prerender.tsx';
import type { AuthUser, SocialProvider } from '#shared/accounts/accounts.schema.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { publicPagePaths } from '#shared/public-pages.ts';
import type { SiteConfig } from '#shared/site-config.ts';
import { escapeHtml, replaceInHtml } from '../../html.ts';
import { prerendererFile } from './build-manifest.ts';

/**
 * index.html with a page already drawn in #root, so a phone paints from the first response
 * instead of after ~200 KB of JavaScript; the app then renders the live page over it
 * (docs/decisions/005). Each page comes for visitors who have made their cookie choice
 * (`consentSaved`) and, with the cookie banner, for those who have not.
 */
export interface PageRenderer {
  /**
   * The home page at `path`, its ticket grid loading. Rendered once at start for `/`; an address
   * with list parameters (the search box shows them) is rendered per request.
   */
  home(path: string, consentSaved: boolean): Promise<string>;
  /** The header over a loading page: every other page until its code and data arrive. */
  shell(consentSaved: boolean): string;
  /**
   * A ticket page with its data, as a visitor sees it or, with `user`, as that signed-in user sees
   * it (the server checked the session); rendered per request.
   */
  ticketPage(path: string, ticket: TicketDetails, consentSaved: boolean, user?: AuthUser): Promise<string>;
  /** The sell gate /myy-lippu-info as a visitor sees it; rendered once at start. */
  sellInfo(consentSaved: boolean): string;
  /** An info page (`infoPagePaths`), the same for everyone; rendered once at start. */
  infoPage(path: string, consentSaved: boolean): string;
  /**
   * The admin area's review tab with its data, for an admin whose access the server has checked;
   * rendered per request. Null when built without the prerenderer.
   */
  adminPage(path: string, data: AdminPageData, consentSaved: boolean): Promise<string | null>;
  /**
   * The profile's bought tickets or listings tab with its lists, for the user whose session the
   * server has checked; rendered per request. Null when built without the prerenderer.
   */
  profilePage(path: string, data: ProfilePageData, consentSaved: boolean): Promise<string | null>;
}

/** The public pages with nothing but text and links: every public page but the list and the sell gate. */
export const infoPagePaths = publicPagePaths.filter((path) => path !== '/' && path !== '/myy-lippu-info');

const withTitle = (html: string, title: string) =>
  replaceInHtml(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);

/**
 * Puts a rendered page into index.html: its styles into the head, its markup into #root. The
 * app hydrates a page drawn as it will draw it (`hydrate`), and draws over the stand-in shell.
 */
function fill(indexHtml: string, page: PrerenderedPage, hydrate: boolean, headExtra = ''): string {
  const styled = replaceInHtml(indexHtml, '</head>', `  ${page.styleTags}${headExtra}\n  </head>`);
  return replaceInHtml(
    styled,
    '<div id="root"></div>',
    `<div id="root"${hydrate ? ' data-hydrate' : ''}>${page.html}</div>`,
  );
}

/** A page drawn with its data: the data's script goes into the head, the page's title into <title>. */
export function pageWithData(indexHtml: string, page: RenderedDataPage): string {
  return withTitle(fill(indexHtml, page, true, `\n    ${page.dataScript}`), page.title);
}

export async function createPageRenderer(
  indexHtml: string,
  site: SiteConfig,
  providers: Record<SocialProvider, boolean>,
): Promise<PageRenderer> {
  if (!existsSync(prerendererFile)) {
    // Built without the prerenderer: the app draws every page itself.
    return {
      home: async () => indexHtml,
      shell: () => indexHtml,
      ticketPage: async () => indexHtml,
      sellInfo: () => indexHtml,
      infoPage: () => indexHtml,
      adminPage: async () => null,
      profilePage: async () => null,
    };
  }
  const prerenderer = (await import(pathToFileURL(prerendererFile).href)) as typeof prerenderModule;
  const [saved, banner] = await Promise.all([
    prerenderer.prerenderPages({ site, consentSaved: true }),
    prerenderer.prerenderPages({ site, consentSaved: false }),
  ]);
  const [savedSellInfo, bannerSellInfo] = await Promise.all([
    prerenderer.renderSellInfoPage({ site, consentSaved: true }, providers),
    prerenderer.renderSellInfoPage({ site, consentSaved: false }, providers),
  ]);
  const home = { true: fill(indexHtml, saved.home, true), false: fill(indexHtml, banner.home, true) };
  const sellInfo = {
    true: pageWithData(indexHtml, savedSellInfo),
    false: pageWithData(indexHtml, bannerSellInfo),
  };
  const shell = { true: fill(indexHtml, saved.shell, false), false: fill(indexHtml, banner.shell, false) };
  const infoPages = new Map<string, { true: string; false: string }>();
  for (const path of infoPagePaths) {
    const [withChoice, withBanner] = await Promise.all([
      prerenderer.renderInfoPage(path, { site, consentSaved: true }),
      prerenderer.renderInfoPage(path, { site, consentSaved: false }),
    ]);
    infoPages.set(path, {
      true: fill(indexHtml, withChoice, true),
      false: fill(indexHtml, withBanner, true),
    });
  }
  return {
    async home(path, consentSaved) {
      if (path === '/') return home[`${consentSaved}`];
      return fill(indexHtml, await prerenderer.renderHomePage(path, { site, consentSaved }), true);
    },
    shell: (consentSaved) => shell[`${consentSaved}`],
    async ticketPage(path, ticket, consentSaved, user) {
      return pageWithData(
        indexHtml,
        await prerenderer.renderTicketPage(path, ticket, { site, consentSaved }, user),
      );
    },
    sellInfo: (consentSaved) => sellInfo[`${consentSaved}`],
    infoPage: (path, consentSaved) => infoPages.get(path)?.[`${consentSaved}`] ?? shell[`${consentSaved}`],
    async adminPage(path, data, consentSaved) {
      return pageWithData(indexHtml, await prerenderer.renderAdminPage(path, data, { site, consentSaved }));
    },
    async profilePage(path, data, consentSaved) {
      return pageWithData(indexHtml, await prerenderer.renderProfilePage(path, data, { site, consentSaved }));
    },
  };
}
