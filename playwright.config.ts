import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './e2e/support/browser-path.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const executablePath = await findChromium();
// E2E_WIDTHS=desktop runs one width only: CI's second run, on PostgreSQL, repeats the journeys for
// the database, which does not depend on the width (docs/decisions/027).
const widths = process.env.E2E_WIDTHS?.split(',');
// E2E_SCOPE=database leaves out the journeys about what the browser draws and how it answers
// (first paint, layout shift, focus, early taps, the static pages, the axe sweep): they only read
// the demo data, so CI's second run, there for the database, leaves them to the first (decision 027).
const browserOnlyJourneys = [
  'accessibility',
  'back-to-card',
  'cookie-consent',
  'early-taps',
  'first-paint',
  'focus-ring',
  'layout-shift',
  'navigation',
  'sell-info',
  'static-pages',
];

// Journeys run at a phone width (390 px) and a desktop width (1280 px) against the real server.
export default defineConfig({
  testDir: './e2e',
  testIgnore:
    process.env.E2E_SCOPE === 'database' ? browserOnlyJourneys.map((name) => `**/${name}.spec.ts`) : [],
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Deadlines that only catch a hang: a journey on a busy 2-core machine (Chromium, the server and
  // axe sharing it) takes several times what it takes on an idle one, and is not wrong for it.
  timeout: 240_000,
  expect: { timeout: 45_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    // Recording a trace (a DOM snapshot per action, a screencast) made every journey about 40 %
    // slower, passing ones too: a failed journey is traced on its retry instead (CI retries once;
    // locally, run it again with --trace on).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        defaultBrowserType: 'chromium' as const,
      },
    },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ].filter((project) => widths === undefined || widths.includes(project.name)),
  webServer: {
    command: 'node e2e/support/start-server.ts',
    url: `http://localhost:${port}/robots.txt`,
    reuseExistingServer: false,
    timeout: 600_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: './data/e2e',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SEED_DEMO_DATA: 'true',
    },
  },
});
