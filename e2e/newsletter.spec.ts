import { type DevMail, waitForMail } from './support/dev-mailbox.ts';
import { expect, expectNoA11yViolations, holdMessage, isPhone, test } from './support/fixtures.ts';
import { signUpNewUser } from './support/test-data.ts';

/** The site-relative address of the mail's link to `path`. */
function linkIn(mail: DevMail, path: string): string {
  const url = mail.text.match(new RegExp(`https?://[^\\s]*${path}\\?token=[^\\s]+`))?.[0];
  if (!url) throw new Error(`no ${path} link in the mail`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

test.describe('opened from the menu', () => {
  test('subscribing shows the thanks, remembers it and closes by itself', async ({ page }) => {
    // A clock the test can stop: the thanks is checked before the dialog closes itself.
    await page.clock.install();
    await page.goto('/');
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Avaa valikko' }).click();
      await page.locator('#mobile-navigation').getByRole('button', { name: 'Tilaa uutiskirje' }).click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Tilaa uutiskirje' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'tietosuojaselosteen' })).toHaveAttribute(
      'href',
      '/tietosuojaseloste',
    );
    await expectNoA11yViolations(page);

    await dialog.getByRole('button', { name: 'Tilaa' }).click();
    await expect(dialog.getByText('Syötä sähköpostiosoite')).toBeVisible();
    await dialog.getByLabel('Sähköpostiosoite').fill('ei-osoite');
    await expect(dialog.getByText('Syötä sähköpostiosoite')).toBeHidden();
    await dialog.getByRole('button', { name: 'Tilaa' }).click();
    await expect(dialog.getByText('Syötä voimassa oleva sähköpostiosoite')).toBeVisible();
    await expectNoA11yViolations(page);

    const email = `uutiskirje-${test.info().project.name}-${Date.now()}@example.fi`;
    await dialog.getByLabel('Sähköpostiosoite').fill(email);
    await holdMessage(page, dialog.getByText('Kiitos tilauksesta! Olet nyt tilannut uutiskirjeemme.'), () =>
      dialog.getByRole('button', { name: 'Tilaa' }).click(),
    );
    await expect(dialog.getByText('Saat pian ensimmäisen uutiskirjeesi.')).toBeVisible();
    await expect(
      dialog.getByText('Vahvista vielä tilauksesi sähköpostiisi lähettämästämme linkistä.'),
    ).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('newsletter_subscribed'))).toBe('true');
    await expectNoA11yViolations(page, { pageTimeStopped: true });
    await page.clock.resume();
    await expect(dialog).toBeHidden();

    // Double opt-in: the mail's link opens a page, and the press of its button confirms.
    const mail = await waitForMail(page.request, email);
    expect(mail.subject).toBe('Vahvista uutiskirjeen tilaus');
    await page.goto(linkIn(mail, '/uutiskirje/vahvista'));
    await expect(page).toHaveTitle('Vahvista uutiskirjeen tilaus – Lipputori');
    await expect(page.getByRole('heading', { level: 1, name: 'Vahvista uutiskirjeen tilaus' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Vahvista tilaus' }).click();
    await expect(page.getByText(/^Kiitos! Tilauksesi on vahvistettu\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Vahvista tilaus' })).toBeHidden();
    await expectNoA11yViolations(page);
    // The same link again: nothing new to do, said so.
    await page.reload();
    await page.getByRole('button', { name: 'Vahvista tilaus' }).click();
    await expect(page.getByText('Tilauksesi on jo vahvistettu. Mitään ei tarvitse tehdä.')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('"Ei kiitos" closes the dialog and records when it was shown', async ({ page }) => {
    await page.goto('/tietoa-meista');
    await page.evaluate(() => window.localStorage.removeItem('newsletter_last_shown'));
    await page.getByRole('contentinfo').getByRole('button', { name: 'Tilaa uutiskirje' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' });
    await dialog.getByRole('button', { name: 'Ei kiitos' }).click();
    await expect(dialog).toBeHidden();
    const shown = await page.evaluate(() => window.localStorage.getItem('newsletter_last_shown'));
    expect(Date.now() - Date.parse(shown ?? '')).toBeLessThan(60_000);
  });
});

test.describe('automatic opening', () => {
  test.use({ visitor: 'new' });

  test('on a first visit waits for the cookie choice, then opens 15 seconds after it', async ({ page }) => {
    await page.clock.install({ time: Date.parse('2026-11-23T12:00:00Z') });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Evästeet' });
    const dialog = page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' });
    await expect(banner).toBeVisible();
    // One interruption at a time: however long the banner waits, the dialog does not come.
    await page.clock.fastForward(60_000);
    await expect(dialog).toBeHidden();

    await banner.getByRole('button', { name: 'Vain välttämättömät' }).click();
    await expect(banner).toBeHidden();
    const chosen = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(chosen + 14_000);
    await expect(dialog).toBeHidden();
    await page.clock.pauseAt(chosen + 15_500);
    await page.clock.resume();
    await expect(dialog).toBeVisible();
    // Nothing covers its buttons: a tap reaches them.
    await dialog.getByRole('button', { name: 'Ei kiitos' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('newsletter_last_shown'))).not.toBeNull();
  });

  test('opened from the menu while the banner waits, the dialog is drawn above it', async ({ page }) => {
    await page.goto('/tietoa-meista');
    await expect(page.getByRole('region', { name: 'Evästeet' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Tilaa uutiskirje' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    // A real click (no force): it fails if the banner lies over the button.
    await dialog.getByRole('button', { name: 'Ei kiitos' }).click();
    await expect(dialog).toBeHidden();
  });

  test('stays closed for a subscriber and within 30 days of the last showing', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Evästeet' })
      .getByRole('button', { name: 'Vain välttämättömät' })
      .click();
    await page.evaluate(() => localStorage.setItem('newsletter_subscribed', 'true'));
    await page.reload();
    await page.clock.fastForward(20_000);
    await expect(page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' })).toBeHidden();

    await page.evaluate(() => {
      localStorage.removeItem('newsletter_subscribed');
      localStorage.setItem('newsletter_last_shown', new Date(Date.now() - 29 * 86_400_000).toISOString());
    });
    await page.reload();
    await page.clock.fastForward(20_000);
    await expect(page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' })).toBeHidden();

    await page.evaluate(() =>
      localStorage.setItem('newsletter_last_shown', new Date(Date.now() - 31 * 86_400_000).toISOString()),
    );
    await page.reload();
    await page.clock.fastForward(20_000);
    await expect(page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' })).toBeVisible();
  });
});

test.describe('never over money', () => {
  // A returning visitor (cookies chosen) who has never seen the dialog: only the page decides.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.removeItem('newsletter_last_shown'));
  });

  test('stays closed in the sell wizard and the checkout, and opens 15 s after reaching the list', async ({
    page,
  }) => {
    await signUpNewUser(page.request, 'uutiskirjeraha');
    const list = await page.request.get('/api/tickets?pageSize=1');
    expect(list.ok()).toBe(true);
    const [ticket] = ((await list.json()) as { items: { id: string }[] }).items;
    const dialog = page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' });
    const lastShown = () => page.evaluate(() => window.localStorage.getItem('newsletter_last_shown'));
    await page.clock.install({ time: Date.parse('2026-11-23T12:00:00Z') });

    await page.goto('/myy-lippu');
    await expect(page).toHaveURL('/myy-lippu');
    await page.clock.fastForward(60_000);
    await expect(dialog).toBeHidden();
    // An auto-opening records itself at once, before the dialog's code has loaded: none happened.
    expect(await lastShown()).toBeNull();

    await page.goto(`/osta/${ticket?.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Vahvista tiedot' })).toBeVisible();
    await page.clock.fastForward(60_000);
    await expect(dialog).toBeHidden();
    expect(await lastShown()).toBeNull();

    // From the checkout to the list within the app: the 15 s count from arriving there.
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Avaa valikko' }).click();
      await page.locator('#mobile-navigation').getByRole('link', { name: 'Liput' }).click();
    } else {
      await page.getByRole('banner').getByRole('link', { name: 'Liput' }).click();
    }
    await expect(page).toHaveURL('/');
    const arrived = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(arrived + 14_000);
    expect(await lastShown()).toBeNull();
    await page.clock.pauseAt(arrived + 15_500);
    await page.clock.resume();
    await expect(dialog).toBeVisible();
  });
});

test.describe('the links of the mail', () => {
  test('the unsubscribe link: opening it changes nothing, the press unsubscribes, the header offers one click', async ({
    page,
  }) => {
    const email = `peru-${test.info().project.name}-${Date.now()}@example.fi`;
    expect((await page.request.post('/api/newsletter', { data: { email } })).ok()).toBe(true);
    const mail = await waitForMail(page.request, email);
    const unsubscribe = linkIn(mail, '/uutiskirje/peru');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/uutiskirje\/peru\?token=.+>$/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await page.goto(unsubscribe);
    await expect(page).toHaveTitle('Peru uutiskirjeen tilaus – Lipputori');
    await expect(page.getByRole('heading', { level: 1, name: 'Peru uutiskirjeen tilaus' })).toBeVisible();
    await expectNoA11yViolations(page);
    // Only opened: the confirmation link still works, so nothing was unsubscribed.
    const confirmed = await page.request.post('/api/newsletter/confirm', {
      data: { token: new URL(linkIn(mail, '/uutiskirje/vahvista'), 'http://x').searchParams.get('token') },
    });
    expect(await confirmed.json()).toEqual({ status: 'confirmed' });

    await page.getByRole('button', { name: 'Peru tilaus' }).click();
    await expect(
      page.getByText('Tilauksesi on peruttu. Emme lähetä sinulle enää uutiskirjettä.'),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Palaa etusivulle' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a forged or cut link gets a Finnish message, not an error page', async ({ page }) => {
    await page.goto(`/uutiskirje/vahvista?token=${'x'.repeat(43)}`);
    await page.getByRole('button', { name: 'Vahvista tilaus' }).click();
    await expect(page.getByText(/^Vahvistuslinkki on virheellinen tai jo käytetty\./)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto('/uutiskirje/peru');
    await expect(page.getByText(/^Peruutuslinkki on virheellinen\./)).toBeVisible();
    await page.goto(`/uutiskirje/peru?token=${'y'.repeat(43)}`);
    await page.getByRole('button', { name: 'Peru tilaus' }).click();
    await expect(page.getByText(/^Peruutuslinkki on virheellinen\./)).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
