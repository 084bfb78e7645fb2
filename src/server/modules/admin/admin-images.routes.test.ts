import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, maxAdminImageBytes } from '#shared/admin/admin.schema.ts';
import { defaultEventImage, defaultImageCounts, eventTypeCodes } from '#shared/categories.ts';
import { errorMessages } from '#shared/errors.ts';
import { unstorableTextMessage } from '#shared/text.ts';
import { adminAuditLog, adminImages, listings } from '../../db/schema/index.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { maxEventImageSide } from '../../platform/images/webp-converter.ts';
import { adminAccessCookie, insertListing, signUp } from '../../test/listing-fixtures.ts';
import { type MultipartPart, multipartBody } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Event pictures in the admin area (spec 02 §2 'Vaihda kuva', §5): choosing a known one, uploading
// a new one (checked by content, converted to WebP), and the uploads' public address.

let t: TestApp;
let admin = '';
let adminId = '';
let sellerId = '';
let failNextPut = false;

beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: false },
    {
      // A store that fails after writing part of the file, when a test asks it to.
      wrapFiles: (store: FileStore): FileStore => ({
        ...store,
        async put(key, data, contentType) {
          if (!failNextPut) return store.put(key, data, contentType);
          failNextPut = false;
          await store.put(key, data.subarray(0, 10), contentType);
          throw new Error('disk full');
        },
      }),
    },
  );
  const user = await signUp(t.app, 'yllapitaja', { admin: true });
  admin = adminAccessCookie(t.app, user);
  adminId = user.id;
  sellerId = (await signUp(t.app, 'myyja')).id;
});
afterAll(() => t.close());

const pending = async () => (await insertListing(t.app, { sellerId, status: 'pending' })).id;

const listingRow = async (id: string) =>
  (await t.app.db.select().from(listings).where(eq(listings.id, id)))[0];

const choose = (listingId: string, payload: unknown, cookie = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/listings/${listingId}/image`,
    payload: payload as object,
    headers: { cookie },
  });

const upload = (listingId: string, parts: MultipartPart[], cookie = admin) => {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/listings/${listingId}/image`,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
};

const imagePart = (data: Uint8Array, filename = 'kuva.png', contentType = 'image/png'): MultipartPart => ({
  name: 'image',
  filename,
  contentType,
  data,
});

const png = (width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#cf975c' } })
    .png()
    .toBuffer();

async function storedUploads(): Promise<string[]> {
  const dir = path.join(t.config.filesDir, 'images', 'uploads');
  return existsSync(dir) ? readdir(dir) : [];
}

const imageAudit = (listingId: string) =>
  t.app.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, listingId));

describe('the pictures an admin may choose', () => {
  it('lists every category with its Finnish name and its shipped defaults', async () => {
    const response = await t.app.inject({ url: '/api/admin/images', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    const { categories, uploaded } = response.json();
    expect(categories.map((category: { category: string }) => category.category)).toEqual(eventTypeCodes);
    expect(categories.find((category: { category: string }) => category.category === 'nayttely').label).toBe(
      'Näyttely',
    );
    for (const category of categories) {
      expect(category.images).toHaveLength(
        defaultImageCounts[category.category as keyof typeof defaultImageCounts],
      );
      category.images.forEach((image: { url: string }, index: number) => {
        expect(image).toEqual({
          url: defaultEventImage(category.category, index + 1),
          category: category.category,
          uploadId: null,
          originalFileName: null,
          uploadedAt: null,
        });
        expect(existsSync(path.join('public', image.url)), image.url).toBe(true);
      });
    }
    expect(uploaded).toEqual([]);
  });

  it('is the admin area: anyone else meets a 404', async () => {
    const visitor = await t.app.inject({ url: '/api/admin/images' });
    expect(visitor.statusCode).toBe(404);
    const seller = await signUp(t.app);
    expect(
      (await choose(await pending(), { url: defaultEventImage('muu', 1) }, seller.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('choosing a known picture', () => {
  it('gives a pending listing a category default, and logs the change', async () => {
    const id = await pending();
    const before = await listingRow(id);
    const url = defaultEventImage('teatteri', 2);
    const response = await choose(id, { url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, eventImage: url });
    expect(await listingRow(id)).toMatchObject({
      eventImage: url,
      imageSource: 'default',
      status: 'pending',
    });
    expect(await imageAudit(id)).toMatchObject([
      {
        adminId,
        action: 'listing.image',
        entityType: 'listing',
        before: { eventImage: before?.eventImage, imageSource: before?.imageSource },
        after: { eventImage: url, imageSource: 'default' },
      },
    ]);
  });

  it('refuses a picture the server does not know', async () => {
    const id = await pending();
    for (const url of [
      '/defaults/events/konsertti/9.webp',
      '/defaults/events/default.webp',
      'https://evil.example/kuva.webp',
      `/kuvat/ladatut/${randomUUID()}.webp`,
      '/kuvat/ladatut/../../../etc/passwd',
      'javascript:alert(1)',
    ]) {
      const response = await choose(id, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'invalid-argument',
        message: adminMessages.unknownImage,
      });
    }
    expect(await imageAudit(id)).toEqual([]);
  });

  it('changes only a pending listing: 409 for one already reviewed, 404 for one that is not there', async () => {
    const url = defaultEventImage('muu', 2);
    for (const status of ['listed', 'rejected', 'sold', 'removed'] as const) {
      const { id } = await insertListing(t.app, { sellerId, status });
      const response = await choose(id, { url });
      expect(response.statusCode, status).toBe(409);
      expect(response.json().error.code).toBe('listing-not-pending');
      expect((await listingRow(id))?.eventImage).not.toBe(url);
    }
    expect((await choose(randomUUID(), { url })).statusCode).toBe(404);
    expect((await choose('ei-tunniste', { url })).statusCode).toBe(404);
  });

  it('refuses hostile JSON with a Finnish 4xx', async () => {
    const id = await pending();
    const cases: [unknown, RegExp][] = [
      [{ url: `/defaults/events/muu/1.webp\u0000` }, new RegExp(unstorableTextMessage)],
      [{ url: 'x'.repeat(100_000) }, /Liian suuri/],
      [{ url: 7 }, /Virheellinen/],
      [{}, /Virheellinen/],
      [[defaultEventImage('muu', 1)], /Pyynnön sisältö/],
    ];
    for (const [payload, message] of cases) {
      const response = await choose(id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    const send = (contentType: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/listings/${id}/image`,
        payload: '<kuva/>',
        headers: { cookie: admin, 'content-type': contentType },
      });
    const text = await send('text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toMatch(/Pyynnön sisältö/);
    const xml = await send('application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.message).toBe('Tätä tiedostomuotoa ei tueta');
  });
});

describe('uploading a picture', () => {
  it('converts it to WebP at most 1600 px wide, serves it publicly for good, and lists it in the gallery', async () => {
    const id = await pending();
    // A NUL byte in the name is refused (no disk has one); control and bidi characters are dropped.
    const nul = await upload(id, [imagePart(await png(), 'Kevät\u0000konsertti.png')]);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.issues).toEqual([
      { path: 'image', message: 'Tekstissä on merkkejä, joita ei voi käyttää' },
    ]);
    const response = await upload(id, [imagePart(await png(), 'Kevät\u202Ekonsertti\u0007.png')]);
    expect(response.statusCode).toBe(200);
    const { eventImage } = response.json();
    expect(eventImage).toMatch(/^\/kuvat\/ladatut\/[0-9a-f-]{36}\.webp$/);
    expect(await listingRow(id)).toMatchObject({ eventImage, imageSource: 'admin' });
    expect(await imageAudit(id)).toHaveLength(1);

    const served = await t.app.inject({ url: eventImage });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: maxEventImageSide, height: maxEventImageSide / 2 });

    const [row] = await t.app.db.select().from(adminImages);
    expect(row).toMatchObject({ originalFileName: 'Kevätkonsertti.png', uploadedBy: adminId });
    const gallery = (await t.app.inject({ url: '/api/admin/images', headers: { cookie: admin } })).json();
    expect(gallery.uploaded).toEqual([
      {
        url: eventImage,
        category: null,
        uploadId: row?.id,
        originalFileName: 'Kevätkonsertti.png',
        uploadedAt: row?.createdAt.toISOString(),
      },
    ]);

    // Chosen again for another listing, by its url.
    const other = await pending();
    expect((await choose(other, { url: eventImage })).statusCode).toBe(200);
    expect(await listingRow(other)).toMatchObject({ eventImage, imageSource: 'admin' });
  });

  it("turns a photo upright and drops its metadata (the camera's location stays private)", async () => {
    const photo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Puhelin', Copyright: 'Kuvaaja' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(await pending(), [imagePart(photo, 'kuva.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ url: response.json().eventImage });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 100, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses what is not a JPG, PNG or WebP by its content, whatever its name says', async () => {
    const id = await pending();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const pngHeader = (await png(20, 20)).subarray(0, 33);
    const refused: [string, Uint8Array, string][] = [
      ['text named .png.webp', Buffer.from('tämä on vain tekstiä, ei kuva'), 'kuva.png.webp'],
      ['a GIF', gif, 'kuva.webp'],
      [
        'an SVG with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'kuva.svg',
      ],
      [
        'a PNG header and then HTML',
        Buffer.concat([pngHeader, Buffer.from('<html><script>alert(1)</script>')]),
        'kuva.png',
      ],
      ['a PDF', Buffer.from('%PDF-1.7\n%lippu\n'), 'kuva.jpg'],
      ['nothing at all', Buffer.alloc(0), 'kuva.png'],
    ];
    for (const [what, data, filename] of refused) {
      const response = await upload(id, [imagePart(data, filename, 'image/webp')]);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalid-image',
        message: errorMessages['invalid-image'],
      });
    }
    expect((await listingRow(id))?.imageSource).not.toBe('admin');
    expect(await imageAudit(id)).toEqual([]);
  });

  it('keeps a picture and drops whatever was tacked on after it (a polyglot)', async () => {
    const polyglot = Buffer.concat([await png(40, 20), Buffer.from('<script>alert("kuva")</script>')]);
    const response = await upload(await pending(), [imagePart(polyglot)]);
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ url: response.json().eventImage });
    expect(served.rawPayload.includes('<script>')).toBe(false);
  });

  it('refuses a small file that would unpack to an enormous picture (a decompression bomb)', async () => {
    // A real 20×20 PNG whose header claims 30 000 × 30 000 pixels.
    const bytes = Buffer.from(await png(20, 20));
    bytes.writeUInt32BE(30_000, 16);
    bytes.writeUInt32BE(30_000, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    const response = await upload(await pending(), [imagePart(bytes)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-image');
  });

  it('refuses a picture over 10 MB with 413', async () => {
    const big = Buffer.concat([await png(20, 20), Buffer.alloc(maxAdminImageBytes + 1024 * 1024)]);
    const response = await upload(await pending(), [imagePart(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'image-too-large',
      message: errorMessages['image-too-large'],
    });
  });

  it('takes exactly one file under `image`', async () => {
    const id = await pending();
    const picture = await png(40, 20);
    const cases: [string, MultipartPart[], string][] = [
      ['no file', [], 'invalid-image'],
      ['another field name', [{ ...imagePart(picture), name: 'kuva' }], 'invalid-argument'],
      ['two files', [imagePart(picture), imagePart(picture)], 'invalid-argument'],
      [
        'a text field too',
        [{ name: 'url', value: defaultEventImage('muu', 1) }, imagePart(picture)],
        'invalid-argument',
      ],
    ];
    for (const [what, parts, code] of cases) {
      const response = await upload(id, parts);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error.code, what).toBe(code);
    }
  });

  it('leaves no file and no row behind when the listing is not pending', async () => {
    const before = await storedUploads();
    const rows = (await t.app.db.select().from(adminImages)).length;
    const { id } = await insertListing(t.app, { sellerId, status: 'listed' });
    const response = await upload(id, [imagePart(await png(40, 20))]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('listing-not-pending');
    expect((await upload(randomUUID(), [imagePart(await png(40, 20))])).statusCode).toBe(404);
    expect(await storedUploads()).toEqual(before);
    expect(await t.app.db.select().from(adminImages)).toHaveLength(rows);
  });

  it('leaves no file and no row behind when the file store fails halfway', async () => {
    const id = await pending();
    const before = await storedUploads();
    const rows = (await t.app.db.select().from(adminImages)).length;
    const image = (await listingRow(id))?.eventImage;
    failNextPut = true;
    const response = await upload(id, [imagePart(await png(40, 20))]);
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('upload-failed');
    expect(await storedUploads()).toEqual(before);
    expect(await t.app.db.select().from(adminImages)).toHaveLength(rows);
    expect((await listingRow(id))?.eventImage).toBe(image);
    expect(await imageAudit(id)).toEqual([]);
  });
});

describe("the uploads' public address", () => {
  it('answers 404 for an id it does not have and for anything that is not one', async () => {
    for (const url of [
      `/kuvat/ladatut/${randomUUID()}.webp`,
      `/kuvat/ladatut/${randomUUID().toUpperCase()}.webp`,
      `/kuvat/ladatut/${randomUUID()}.png`,
      '/kuvat/ladatut/..%2F..%2Fpackage.json',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: 'image/webp,*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not-found');
    }
    // Like every path: a NUL byte is text that cannot be used.
    const nul = await t.app.inject({ url: '/kuvat/ladatut/%00.webp' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe(unstorableTextMessage);
  });
});
