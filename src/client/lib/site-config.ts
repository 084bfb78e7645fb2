import type { SiteConfig } from '#shared/site-config.ts';

// The public configuration the server writes into index.html (see src/server/modules/site). When the
// server prerenders a page there is no document: it fills this object in first (provideSiteConfig).
export const siteConfig: SiteConfig = typeof document === 'undefined' ? ({} as SiteConfig) : readFromPage();

function readFromPage(): SiteConfig {
  const element = document.getElementById('site-config');
  if (!element?.textContent)
    throw new Error('site-config missing from index.html: serve the app through the server');
  return JSON.parse(element.textContent) as SiteConfig;
}

export function provideSiteConfig(config: SiteConfig): void {
  Object.assign(siteConfig, config);
}
