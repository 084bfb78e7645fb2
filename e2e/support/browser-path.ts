import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys run in: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the
 * binary shipped inside the @sparticuz/chromium npm package, so `npm ci && npm test` works on a
 * machine with no browser installed.
 */
export async function findChromium(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
