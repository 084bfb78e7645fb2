import type { BackgroundJob } from '../src/shared/admin/jobs.schema.ts';
import { finnishDateTime } from '../src/shared/dates.ts';
import { openAdminArea } from './support/demo-accounts.ts';
import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';

// The admin area's 'Taustatyöt' tab: each background job with its period, last run and next run.
// The server queues the expiry of past listings when it starts, so by now it has run once.

test('an admin sees the background jobs and their last run', async ({ page }) => {
  await openAdminArea(page);
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/admin/jobs');
      const jobs = ((await response.json()) as { jobs: BackgroundJob[] }).jobs;
      return jobs.find((job) => job.name === 'expire-past-listings')?.lastOutcome;
    })
    .toBe('ok');

  await page.goto('/admin');
  // What the page was answered: the card must show exactly that run.
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/jobs'));
  await page.getByRole('tab', { name: 'Taustatyöt' }).click();
  const shown = ((await (await answered).json()) as { jobs: BackgroundJob[] }).jobs.find(
    (job) => job.name === 'expire-past-listings',
  );
  await expect(page).toHaveURL(/[?&]tab=taustatyot/);
  await expect(page.getByRole('heading', { level: 2, name: 'Taustatyöt' })).toBeVisible();

  const card = page.getByRole('listitem', { name: 'Menneiden tapahtumien liput pois myynnistä' });
  await expect(card).toContainText('10 minuutin välein');
  if (!shown?.lastStartedAt || !shown.lastFinishedAt) throw new Error('the expiry has run');
  await expect(card).toContainText(`Viimeksi aloitettu${finnishDateTime(new Date(shown.lastStartedAt))}`);
  await expect(card).toContainText(`Viimeksi valmistunut${finnishDateTime(new Date(shown.lastFinishedAt))}`);
  await expect(card).toContainText(`Seuraava ajo${finnishDateTime(new Date(shown.nextRunAt))}`);
  await expect(card).toContainText('Epäonnistumisia 24 h0');
  // A newer run may be under way by the time the page asked: then the card says so.
  const underWay = Date.parse(shown.lastFinishedAt) < Date.parse(shown.lastStartedAt);
  await expect(card).toContainText(
    underWay ? 'Käynnissä' : shown.lastOutcome === 'ok' ? 'Onnistui' : 'Epäonnistui',
  );

  for (const label of ['Vanhentuneiden istuntojen ja koodien siivous', 'Tarpeettomien tiedostojen siivous'])
    await expect(page.getByRole('listitem', { name: label })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Tarpeettomien tiedostojen siivous' })).toContainText(
    'Kerran tunnissa',
  );
  await expectNoA11yViolations(page);
});
