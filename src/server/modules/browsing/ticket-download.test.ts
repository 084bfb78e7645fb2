import { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unstorableTextMessage } from '#shared/text.ts';
import { admins } from '../../db/schema/index.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import {
  adminAccessCookie,
  insertListing,
  insertSoldListing,
  signUp,
  type TestListing,
} from '../../test/listing-fixtures.ts';
import { readZip } from '../../test/read-zip.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminAccessCookieName, adminAccessValue } from '../admin/admin-access.ts';
import { downloadBaseName, downloadFileName } from './ticket-download.ts';

let t: TestApp;
const logLines: string[] = [];
/** Store keys whose file fails: before its first byte, or after some of it has been sent. */
const brokenFiles = new Map<string, 'at-once' | 'midway'>();

async function* failingBytes(mode: 'at-once' | 'midway') {
  if (mode === 'midway') {
    yield Buffer.from('%PDF-1.7\n'.padEnd(1000, '-'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the disk failed');
}

const users = {
  seller: { id: '', cookie: '' },
  buyer: { id: '', cookie: '' },
  other: { id: '', cookie: '' },
  admin: { id: '', cookie: '' },
};
let listed: TestListing;
let reservedForBuyer: TestListing;
let soldOne: TestListing;
let soldThree: TestListing;
const hostileName = 'Kevät "Soitto" / AC\\DC: 2027';

beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: false },
    {
      logDestination: { write: (line) => logLines.push(line) },
      wrapFiles: (store: FileStore): FileStore => ({
        ...store,
        async get(key) {
          const mode = brokenFiles.get(key);
          if (!mode) return store.get(key);
          const real = await store.get(key);
          real?.stream.destroy();
          return { size: real?.size ?? 0, stream: Readable.from(failingBytes(mode)) };
        },
      }),
    },
  );
  for (const role of Object.keys(users) as (keyof typeof users)[])
    users[role] = await signUp(t.app, `lataus_${role}`);
  await t.app.db.insert(admins).values({ userId: users.admin.id });
  const sellerId = users.seller.id;
  const buyerId = users.buyer.id;
  listed = await insertListing(t.app, { sellerId });
  reservedForBuyer = await insertListing(t.app, { sellerId, status: 'reserved', buyerId });
  soldOne = await insertSoldListing(t.app, { sellerId, buyerId, eventName: 'Syysjazz Äänekoskella' });
  soldThree = await insertSoldListing(t.app, { sellerId, buyerId, eventName: hostileName, fileCount: 3 });
});
afterAll(() => t.close());
beforeEach(() => {
  logLines.length = 0;
  brokenFiles.clear();
});

const download = (ticketId: string, cookie?: string) =>
  t.app.inject({ url: `/api/tickets/${ticketId}/download`, headers: cookie ? { cookie } : {} });
const fileUrl = (listing: TestListing, n = 0) => `/api/tickets/${listing.id}/files/${listing.files[n]?.id}`;
const loggedErrors = () =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 50);

describe('GET /api/tickets/:ticketId/download', () => {
  it('sends the buyer a single ticket as the PDF it is, as a private attachment', async () => {
    const response = await download(soldOne.id, users.buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(soldOne.files[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(soldOne.files[0]?.bytes.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition':
        `attachment; filename="Syysjazz __nekoskella-lippu.pdf"; ` +
        `filename*=UTF-8''Syysjazz%20%C3%84%C3%A4nekoskella-lippu.pdf`,
    });
  });

  it('sends several tickets as one zip of lippu-1.pdf, lippu-2.pdf, … in file order', async () => {
    const response = await download(soldThree.id, users.buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['lippu-1.pdf', 'lippu-2.pdf', 'lippu-3.pdf']);
    entries.forEach((entry, n) => {
      expect(entry.data.equals(soldThree.files[n]?.bytes ?? Buffer.alloc(0)), entry.name).toBe(true);
    });
  });

  it('names the zip after the event, without its slashes, quotes or colon, keeping ä', async () => {
    const disposition = (await download(soldThree.id, users.buyer.cookie)).headers['content-disposition'];
    expect(disposition).toBe(
      `attachment; filename="Kev_t Soitto AC DC 2027-liput.zip"; ` +
        `filename*=UTF-8''Kev%C3%A4t%20Soitto%20AC%20DC%202027-liput.zip`,
    );
  });

  it('gives the package to its seller and to an admin who unlocked the admin area, not to one who did not', async () => {
    for (const cookie of [users.seller.cookie, adminAccessCookie(t.app, users.admin)]) {
      const response = await download(soldThree.id, cookie);
      expect(response.statusCode).toBe(200);
      expect(readZip(response.rawPayload)).toHaveLength(3);
    }
    const locked = await download(soldThree.id, users.admin.cookie);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe('Sinulla ei ole oikeutta tähän lippuun');
    expect((await download(listed.id, users.seller.cookie)).statusCode).toBe(200);
    expect((await download(listed.id, adminAccessCookie(t.app, users.admin))).statusCode).toBe(200);
    expect((await download(listed.id, users.admin.cookie)).statusCode).toBe(403);
  });

  it('asks a visitor to sign in', async () => {
    const response = await download(soldOne.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'unauthenticated',
      message: 'Kirjaudu sisään jatkaaksesi',
    });
  });

  it('refuses another user, and the buyer before the listing is sold to them', async () => {
    const refusals = [
      [soldOne.id, users.other.cookie],
      [listed.id, users.buyer.cookie],
      [reservedForBuyer.id, users.buyer.cookie],
    ] as const;
    for (const [ticketId, cookie] of refusals) {
      const response = await download(ticketId, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'permission-denied',
        message: 'Sinulla ei ole oikeutta tähän lippuun',
      });
      expect(response.headers['content-disposition']).toBeUndefined();
    }
  });

  it('answers an unknown or malformed id with "Lippua ei löytynyt"', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'ei-uuid', '..%2f..%2fetc%2fpasswd', '..%2F']) {
      const response = await download(id, users.buyer.cookie);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error).toEqual({ code: 'not-found', message: 'Lippua ei löytynyt' });
    }
    const long = await download('a'.repeat(5000), users.buyer.cookie);
    expect(long.statusCode).toBe(404);
    expect(long.json().error.message).toMatch(/^[A-ZÄÖ]/);
  });

  it('refuses a NUL byte in the id as text that cannot be used, like every path', async () => {
    for (const id of ['%00', `${soldOne.id}%00`]) {
      const response = await download(id, users.buyer.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(unstorableTextMessage);
    }
  });

  it('answers a ticket file missing from the store with the download message and logs it', async () => {
    const lost = await insertSoldListing(t.app, {
      sellerId: users.seller.id,
      buyerId: users.buyer.id,
      fileCount: 3,
    });
    await t.app.files.delete(lost.files[1]?.storageKey ?? '');
    const response = await download(lost.id, users.buyer.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'not-found',
      message: 'Lipun lataaminen epäonnistui. Yritä uudelleen.',
    });
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(loggedErrors()).toContainEqual(
      expect.objectContaining({
        msg: 'ticket file missing from the file store',
        storageKey: lost.files[1]?.storageKey,
        ticketId: lost.id,
      }),
    );
  });

  it('answers a file the store cannot read with the download message, before sending anything', async () => {
    for (const listing of [soldOne, soldThree]) {
      brokenFiles.set(listing.files.at(-1)?.storageKey ?? '', 'at-once');
      const response = await download(listing.id, users.buyer.cookie);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('Lipun lataaminen epäonnistui. Yritä uudelleen.');
      expect(response.headers['content-disposition']).toBeUndefined();
    }
    expect(loggedErrors().map((line) => line.msg)).toContain(
      'ticket file could not be read from the file store',
    );
  });

  it('cuts the answer off when a file fails halfway, so no partial download looks whole', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const listing of [soldOne, soldThree]) {
        brokenFiles.set(listing.files.at(-1)?.storageKey ?? '', 'midway');
        const response = await fetch(`${address}/api/tickets/${listing.id}/download`, {
          headers: { cookie: users.buyer.cookie },
        });
        expect(response.status).toBe(200);
        await expect(response.arrayBuffer()).rejects.toThrow();
      }
    } finally {
      brokenFiles.clear();
    }
    expect(loggedErrors().map((line) => line.msg)).toContain('ticket package failed while streaming');
  });

  it('is in the API reference with its errors', async () => {
    const document = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    const operation = document.paths['/api/tickets/{ticketId}/download']?.get;
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      // A refunded purchase's ticket is no longer handed out (sale-refunded).
      '409',
      '503',
    ]);
  });
});

describe('GET /api/tickets/:ticketId/files/:fileId', () => {
  it('follows the same rule: seller, buyer once sold, admin with the admin area unlocked', async () => {
    const unlocked = adminAccessCookie(t.app, users.admin);
    const expired = `${users.admin.cookie}; ${adminAccessCookieName}=${t.app.signCookie(
      adminAccessValue(users.admin.id, new Date(Date.now() - 1000)),
    )}`;
    const cases = [
      [soldThree, users.buyer.cookie, 200],
      [soldThree, users.seller.cookie, 200],
      [soldThree, unlocked, 200],
      [soldThree, users.admin.cookie, 403],
      [soldThree, expired, 403],
      [soldThree, users.other.cookie, 403],
      // The access cookie is nothing without the admins row: a user given one opens nothing.
      [soldThree, adminAccessCookie(t.app, users.other), 403],
      [listed, users.buyer.cookie, 403],
      [reservedForBuyer, users.buyer.cookie, 403],
      [listed, unlocked, 200],
      [listed, users.admin.cookie, 403],
    ] as const;
    for (const [listing, cookie, status] of cases) {
      const response = await t.app.inject({ url: fileUrl(listing, 0), headers: { cookie } });
      expect(response.statusCode).toBe(status);
      if (status === 200)
        expect(response.rawPayload.equals(listing.files[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
      else expect(response.json().error.message).toBe('Sinulla ei ole oikeutta tähän lippuun');
    }
  });

  it('may not be framed, shown inline or saved', async () => {
    for (const query of ['', '?download=1']) {
      const response = await t.app.inject({
        url: `${fileUrl(soldThree, 0)}${query}`,
        headers: { cookie: users.buyer.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('answers a file missing from the store with the download message and logs it', async () => {
    const lost = await insertSoldListing(t.app, { sellerId: users.seller.id, buyerId: users.buyer.id });
    await t.app.files.delete(lost.files[0]?.storageKey ?? '');
    const response = await t.app.inject({ url: fileUrl(lost), headers: { cookie: users.buyer.cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Lipun lataaminen epäonnistui. Yritä uudelleen.');
    expect(loggedErrors().map((line) => line.msg)).toContain('ticket file missing from the file store');
  });
});

describe('GET /api/tickets/:ticketId/files/:fileId/pages/:page', () => {
  let sold: TestListing;
  let onSale: TestListing;
  /** The address of a page of the listing's first file. */
  const pageUrl = (listing: TestListing, page: string | number) => `${fileUrl(listing)}/pages/${page}`;
  const getPage = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  /** Stores a real two-page PDF as the listing's first file (the fixtures' bytes are no PDF). */
  async function storeTwoPages(listing: TestListing) {
    const pdf = await PDFDocument.create();
    pdf.addPage([595.28, 841.89]);
    pdf.addPage([841.89, 595.28]);
    const file = listing.files[0];
    await t.app.files.put(file?.storageKey ?? '', Buffer.from(await pdf.save()), 'application/pdf');
  }

  beforeAll(async () => {
    sold = await insertSoldListing(t.app, { sellerId: users.seller.id, buyerId: users.buyer.id });
    onSale = await insertListing(t.app, { sellerId: users.seller.id });
    await storeTwoPages(sold);
    await storeTwoPages(onSale);
  });

  it('draws a page as a private WebP at most 1200 pixels wide, kept five minutes', async () => {
    const response = await getPage(pageUrl(sold, 1), users.buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
    });
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 1697,
    });
    // The second page lies on its side.
    const second = await getPage(pageUrl(sold, 2), users.buyer.cookie);
    expect(await sharp(second.rawPayload).metadata()).toMatchObject({ width: 1200, height: 848 });
  });

  it('follows the rule of the file: seller, buyer once sold, admin with the admin area unlocked', async () => {
    const unlocked = adminAccessCookie(t.app, users.admin);
    const cases = [
      [sold, users.buyer.cookie, 200],
      [sold, users.seller.cookie, 200],
      [sold, unlocked, 200],
      [sold, users.admin.cookie, 403],
      [sold, users.other.cookie, 403],
      [sold, adminAccessCookie(t.app, users.other), 403],
      [onSale, users.seller.cookie, 200],
      [onSale, unlocked, 200],
      [onSale, users.buyer.cookie, 403],
      [onSale, users.admin.cookie, 403],
    ] as const;
    for (const [listing, cookie, status] of cases) {
      const response = await getPage(pageUrl(listing, 1), cookie);
      expect(response.statusCode).toBe(status);
      if (status === 200) expect(response.headers['content-type']).toBe('image/webp');
      else expect(response.json().error.message).toBe('Sinulla ei ole oikeutta tähän lippuun');
    }
    const visitor = await getPage(pageUrl(sold, 1));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('unauthenticated');
  });

  it('answers a page past the last one, and anything but a page number, with "Lippua ei löytynyt"', async () => {
    const pages = ['3', '1000', '0', '-1', '1.5', 'abc', '1e400', '0x1', '1001', '99999999999999999999'];
    for (const page of pages) {
      const response = await getPage(pageUrl(sold, page), users.buyer.cookie);
      expect(response.statusCode, page.slice(0, 20)).toBe(404);
      expect(response.json().error).toEqual({ code: 'not-found', message: 'Lippua ei löytynyt' });
    }
    // Longer than the router takes a path parameter: its own "not found".
    const long = await getPage(pageUrl(sold, 'a'.repeat(5000)), users.buyer.cookie);
    expect(long.statusCode).toBe(404);
    expect(long.json().error.message).toMatch(/^[A-ZÄÖ]/);
    const unknownFile = `/api/tickets/${sold.id}/files/00000000-0000-4000-8000-000000000000/pages/1`;
    expect((await getPage(unknownFile, users.buyer.cookie)).statusCode).toBe(404);
    const otherListing = `/api/tickets/${onSale.id}/files/${sold.files[0]?.id}/pages/1`;
    expect((await getPage(otherListing, users.seller.cookie)).statusCode).toBe(404);
  });

  it('refuses a NUL byte in the page as text that cannot be used, like every path', async () => {
    for (const page of ['%00', '1%00']) {
      const response = await getPage(pageUrl(sold, page), users.buyer.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(unstorableTextMessage);
    }
  });

  it('answers a stored file that cannot be drawn with the download message and logs it', async () => {
    // insertListing stores bytes that only start like a PDF.
    const unreadable = await insertSoldListing(t.app, { sellerId: users.seller.id, buyerId: users.buyer.id });
    const response = await getPage(pageUrl(unreadable, 1), users.buyer.cookie);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'unavailable',
      message: 'Lipun lataaminen epäonnistui. Yritä uudelleen.',
    });
    expect(loggedErrors()).toContainEqual(
      expect.objectContaining({
        msg: 'ticket file page could not be drawn',
        page: 1,
        ticketId: unreadable.id,
      }),
    );
  });

  it('answers a file missing from the store, or failing as it is read, with the download message', async () => {
    const lost = await insertSoldListing(t.app, { sellerId: users.seller.id, buyerId: users.buyer.id });
    await t.app.files.delete(lost.files[0]?.storageKey ?? '');
    const missing = await getPage(pageUrl(lost, 1), users.buyer.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Lipun lataaminen epäonnistui. Yritä uudelleen.');
    // A listing whose page was never drawn: a drawn page is kept, and answered without the PDF.
    const neverDrawn = await insertSoldListing(t.app, { sellerId: users.seller.id, buyerId: users.buyer.id });
    brokenFiles.set(neverDrawn.files[0]?.storageKey ?? '', 'midway');
    const broken = await getPage(pageUrl(neverDrawn, 1), users.buyer.cookie);
    expect(broken.statusCode).toBe(503);
    expect(broken.json().error.message).toBe('Lipun lataaminen epäonnistui. Yritä uudelleen.');
    expect(loggedErrors().map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'ticket file missing from the file store',
        'ticket file could not be read from the file store',
      ]),
    );
  });

  it('is in the API reference with its errors', async () => {
    const document = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    const operation = document.paths['/api/tickets/{ticketId}/files/{fileId}/pages/{page}']?.get;
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      // A refunded purchase's ticket is no longer handed out (sale-refunded).
      '409',
      '503',
    ]);
  });
});

describe('download names', () => {
  it.each([
    ['Kevätsoitto', 'Kevätsoitto'],
    ['../../etc/passwd', 'etc passwd'],
    ['..', ''],
    ['Konsertti\u0007\u0000 "Live"', 'Konsertti Live'],
    ['Rock\u202egpj.exe', 'Rockgpj.exe'],
    ['  .piilo. ', 'piilo'],
    ['A\\B|C*D?<E>', 'A B C D E'],
  ])('%j → %j', (eventName, base) => {
    expect(downloadBaseName(eventName)).toBe(base);
  });

  it('cuts a long name at 80 characters without halving a character', () => {
    const name = `${'a'.repeat(79)}🎵🎵`;
    const base = downloadBaseName(name);
    expect(Array.from(base)).toHaveLength(80);
    expect(base.isWellFormed()).toBe(true);
    expect(() => encodeURIComponent(base)).not.toThrow();
  });

  it('falls back to the plain name when nothing of the event is left', () => {
    expect(downloadFileName('///', 'pdf')).toBe('lippu.pdf');
    expect(downloadFileName('"', 'zip')).toBe('liput.zip');
    expect(downloadFileName('Ässät–Tappara', 'zip')).toBe('Ässät–Tappara-liput.zip');
  });
});
