import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { listingFiles } from '../../db/schema/index.ts';
import {
  imageBomb,
  manyPages,
  withEmbeddedFile,
  withLaunchLink,
  withOpenActionJavaScript,
  withOpenActionSubmitForm,
} from '../../test/hostile-pdfs.ts';
import { adminAccessCookie, insertListing, signUp, testTicketPdf } from '../../test/listing-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { sellFormInput } from '../../test/sell-form-input.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ticketPageKey } from './ticket-file-name.ts';

// The upload's limits as an attacker meets them: the account's limits before any file is parsed,
// the page cap, bombs and active content, and the admin's drawn pages kept after the first view.

let t: TestApp;
let inspect: MockInstance;
let renderPage: MockInstance;
const maxPending = 2;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: true, sellingLimits: { maxPending, maxPerDay: 1000 } });
  inspect = vi.spyOn(t.app.ticketPdfs, 'inspect');
  renderPage = vi.spyOn(t.app.ticketPdfs, 'renderPage');
});
afterAll(() => t.close());
beforeEach(() => {
  inspect.mockClear();
  renderPage.mockClear();
});

function upload(cookie: string, files: Uint8Array[]) {
  const body = multipartBody([
    { name: 'listing', value: JSON.stringify(sellFormInput()) },
    ...files.map((data, index) => ({
      name: 'files',
      filename: `lippu-${index + 1}.pdf`,
      contentType: 'application/pdf',
      data,
    })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

describe("the account's limits come before any file is parsed", () => {
  it('refuses a seller at the quota without the PDF check being asked', async () => {
    const seller = await signUp(t.app);
    for (let n = 0; n < maxPending; n++)
      await insertListing(t.app, { sellerId: seller.id, status: 'pending' });
    const response = await upload(seller.cookie, [await testTicketPdf()]);
    expect(response.statusCode).toBe(429);
    expect(response.json().error.message).toBe(sellingMessages.quotaReached);
    expect(inspect).not.toHaveBeenCalled();
  });

  it('limits uploads per account, not per address, before the PDF check', async () => {
    const busy = await signUp(t.app);
    // 30 an hour: these are refused (no files) but count.
    for (let n = 0; n < 30; n++) expect((await upload(busy.cookie, [])).statusCode).toBe(400);
    const limited = await upload(busy.cookie, [await testTicketPdf()]);
    expect(limited.statusCode).toBe(429);
    expect(inspect).not.toHaveBeenCalled();
    // Another seller behind the same address (an office, a mobile operator) is not held up.
    const other = await signUp(t.app);
    expect((await upload(other.cookie, [await testTicketPdf()])).statusCode).toBe(201);
    expect(inspect).toHaveBeenCalledTimes(1);
  });
});

describe('hostile files', () => {
  async function refusal(files: Uint8Array[]) {
    const seller = await signUp(t.app);
    const response = await upload(seller.cookie, files);
    expect(response.statusCode).toBe(400);
    return response.json().error;
  }

  it('refuses a file of too many pages by name, with the limit in the message', async () => {
    const error = await refusal([await testTicketPdf(), await manyPages(1000)]);
    expect(error).toMatchObject({
      code: 'not-a-pdf',
      message: `lippu-2.pdf: ${sellingMessages.pdfTooManyPages}`,
      issues: [{ path: 'files.1', message: sellingMessages.pdfTooManyPages }],
    });
    expect(sellingMessages.pdfTooManyPages).toContain('enintään 12 sivua');
  });

  it('refuses an image bomb as too heavy to check', async () => {
    const error = await refusal([await imageBomb(8000, 8000)]);
    expect(error.issues).toEqual([{ path: 'files.0', message: sellingMessages.pdfTooHeavy }]);
  });

  it('refuses JavaScript, Launch actions and forms that send themselves away', async () => {
    for (const hostile of [
      await withOpenActionJavaScript(await testTicketPdf()),
      await withLaunchLink(await testTicketPdf()),
      await withOpenActionSubmitForm(await testTicketPdf()),
    ]) {
      const error = await refusal([hostile]);
      expect(error.issues).toEqual([{ path: 'files.0', message: sellingMessages.pdfActiveContent }]);
    }
  });
});

describe('embedded files and drawn pages', () => {
  it('keeps a file with an attachment, tells the reviewer, and draws each page once', async () => {
    const seller = await signUp(t.app);
    const created = await upload(seller.cookie, [await withEmbeddedFile(await testTicketPdf())]);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().listing;

    const admin = await signUp(t.app, undefined, { admin: true });
    const cookie = adminAccessCookie(t.app, admin);
    const review = await t.app.inject({ method: 'GET', url: '/api/admin/listings', headers: { cookie } });
    const listing = review.json().listings.find((candidate: { id: string }) => candidate.id === id);
    expect(listing.files).toMatchObject([{ activeContent: ['embedded_files'], pageCount: 1 }]);

    const [file] = await t.app.db.select().from(listingFiles).where(eq(listingFiles.listingId, id));
    const page = (n: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/tickets/${id}/files/${file?.id}/pages/${n}`,
        headers: { cookie },
      });
    const first = await page(1);
    expect(first.statusCode).toBe(200);
    const again = await page(1);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(renderPage).toHaveBeenCalledTimes(1);
    // Past the pages the upload counted: no worker is asked.
    expect((await page(2)).statusCode).toBe(404);
    expect(renderPage).toHaveBeenCalledTimes(1);

    // Deleting the listing deletes its drawn pages with its files.
    const pageKey = ticketPageKey(file?.storageKey ?? '', 1);
    expect(await t.app.files.get(pageKey)).toBeDefined();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}`,
      headers: { cookie: seller.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.files.get(pageKey)).toBeUndefined();
  });
});
