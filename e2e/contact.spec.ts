import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';

test('the contact form shows each rule and sends a valid message to support', async ({ page, request }) => {
  await page.goto('/ota-yhteytta');
  const form = page.getByRole('form', { name: 'Lähetä meille viesti' });
  const send = form.getByRole('button', { name: 'Lähetä viesti' });
  await expect(send).toBeDisabled();

  await form.getByLabel('Nimi').fill('M');
  await form.getByLabel('Sähköposti').fill('maija@');
  await form.getByLabel('Aihe').fill('L');
  await form.getByLabel('Viesti').fill('Lyhyt');
  await form.getByLabel('Nimi').click();
  await expect(form.getByText('Nimen tulee olla vähintään 2 merkkiä')).toBeVisible();
  await expect(form.getByText('Virheellinen sähköpostiosoite')).toBeVisible();
  await expect(form.getByText('Aiheen tulee olla vähintään 2 merkkiä')).toBeVisible();
  await expect(form.getByText('Viestin tulee olla vähintään 10 merkkiä')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(send).toBeDisabled();

  await form.getByLabel('Nimi').fill('');
  await expect(form.getByText('Nimi on pakollinen')).toBeVisible();

  const subject = `Kysymys ${test.info().project.name} ${Date.now()}`;
  await form.getByLabel('Nimi').fill('Maija Meikäläinen');
  await form.getByLabel('Sähköposti').fill('maija@example.fi');
  await form.getByLabel('Aihe').fill(subject);
  await form.getByLabel('Viesti').fill('Hei! Miten voin muuttaa tilinumeroani?');
  await expect(send).toBeEnabled();
  await expectNoA11yViolations(page);
  await send.click();

  await expect(page.getByText('Kiitos viestistäsi!')).toBeVisible();
  await expect(form.getByLabel('Nimi')).toHaveValue('');
  await expectNoA11yViolations(page);
  await expect(send).toBeDisabled();

  const mails = await (await request.get('/api/dev/mails')).json();
  const mail = mails.find((m: { subject: string }) => m.subject.includes(subject));
  expect(mail).toMatchObject({ to: 'info@lipputori.example', replyTo: 'maija@example.fi' });
});
