import { existsSync } from 'node:fs';

const debianChromium = '/usr/bin/chromium';

/**
 * The Chromium to drive: CHROMIUM_PATH, else the headless shell shipped inside the
 * @sparticuz/chromium npm package, else Debian's /usr/bin/chromium. The journeys want the headless
 * shell: it draws no browser window and costs about half the CPU of a full Chromium in headless
 * mode, which on a 2-core machine decides how long they take (docs/decisions/027). Lighthouse wants
 * the `full` browser a visitor has, when the machine has one.
 */
export async function findChromium(options: { full?: boolean } = {}): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (options.full && existsSync(debianChromium)) return debianChromium;
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    return await chromium.executablePath();
  } catch (error) {
    if (existsSync(debianChromium)) return debianChromium;
    throw error;
  }
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
