import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// The seeded demo accounts (src/server/seed/demo-data.ts) and signing in as one through the API: the
// page's requests and its next navigation then carry the session.

export const demoSeller = { email: 'myyja@lipputori.example', password: 'Myyja2026!' };
export const demoBuyer = { email: 'ostaja@lipputori.example', password: 'Ostaja2026!' };
export const demoAdmin = { email: 'admin@lipputori.example', password: 'Admin2026!' };
/** The admin area's access key outside production (config.ts developmentAdminAccessKey). */
export const demoAdminAccessKey = 'lipputori-admin-2026';

export async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: account });
  expect(response.ok()).toBe(true);
}

/** Signs in as the demo admin and unlocks the admin area with the access key, through the API. */
export async function openAdminArea(page: Page): Promise<void> {
  await logIn(page, demoAdmin);
  const response = await page.request.post('/api/admin/access', { data: { key: demoAdminAccessKey } });
  expect(response.ok()).toBe(true);
}
