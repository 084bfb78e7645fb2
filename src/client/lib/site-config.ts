import type { SiteConfig } from '#shared/site-config.ts';

// The public configuration the server writes into index.html (see src/server/modules/site).

function readSiteConfig(): SiteConfig {
  const element = document.getElementById('site-config');
  if (!element?.textContent)
    throw new Error('site-config missing from index.html: serve the app through the server');
  return JSON.parse(element.textContent) as SiteConfig;
}

export const siteConfig = readSiteConfig();
