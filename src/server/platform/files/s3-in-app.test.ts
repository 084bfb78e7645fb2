import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerListingResponseSchema } from '#shared/listings/seller-listing.schema.ts';
import { users } from '../../db/schema/index.ts';
import { ticketPageKey } from '../../modules/listings/ticket-file-name.ts';
import { adminAccessCookie, signUp, testTicketPdf } from '../../test/listing-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { sellFormInput } from '../../test/sell-form-input.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createS3FileStore } from './s3-file-store.ts';

// The whole application on S3 (FILE_STORE=s3 against s3rver on loopback): an uploaded ticket, its
// drawn pages and an admin's picture live in the bucket and come back from it, nothing on local disk.

let s3: TestS3Server;
let t: TestApp;
let bucket: Awaited<ReturnType<TestS3Server['createBucket']>>;
const iban = 'FI2112345600000785';

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await s3.createBucket();
  t = await createTestApp({ rateLimits: false, fileStore: { kind: 's3', ...bucket } });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Every key in the bucket, read with a store of its own (not the app's). */
async function bucketKeys(): Promise<string[]> {
  const store = createS3FileStore(bucket);
  try {
    const keys = [];
    for await (const file of store.list()) keys.push(file.key);
    return keys.sort();
  } finally {
    store.close();
  }
}

describe('the application on an S3 file store', () => {
  it('keeps an uploaded ticket, its drawn page and an admin picture in the bucket and serves them back', async () => {
    const seller = await signUp(t.app, 'myyja_s3');
    await t.app.db.update(users).set({ iban }).where(eq(users.id, seller.id));
    const admin = await signUp(t.app, 'yllapito_s3', { admin: true });
    const pdf = Buffer.from(await testTicketPdf());

    const body = multipartBody([
      { name: 'listing', value: JSON.stringify(sellFormInput({ iban })) },
      { name: 'files', filename: 'lippu.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie: seller.cookie },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { listing } = sellerListingResponseSchema.parse(created.json());
    const [file] = listing.files;
    if (!file) throw new Error('no file');
    const fileUrl = `/api/tickets/${listing.id}/files/${file.id}`;

    const download = await t.app.inject({ url: `${fileUrl}?download=1`, headers: { cookie: seller.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const adminCookie = adminAccessCookie(t.app, admin);
    const page = await t.app.inject({ url: `${fileUrl}/pages/1`, headers: { cookie: adminCookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/webp');
    expect((await sharp(page.rawPayload).metadata()).format).toBe('webp');
    // The drawn page was kept in the bucket, and the next view is those same bytes.
    const [storedPdfKey] = (await bucketKeys()).filter((key) => key.endsWith('.pdf'));
    expect(storedPdfKey).toMatch(new RegExp(`^tickets/${listing.id}/`));
    expect(await bucketKeys()).toContain(ticketPageKey(storedPdfKey ?? '', 1));
    const again = await t.app.inject({ url: `${fileUrl}/pages/1`, headers: { cookie: seller.cookie } });
    expect(again.rawPayload.equals(page.rawPayload)).toBe(true);

    const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#cf975c' } })
      .png()
      .toBuffer();
    const pictureBody = multipartBody([
      { name: 'image', filename: 'kuva.png', contentType: 'image/png', data: picture },
    ]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/listings/${listing.id}/image`,
      payload: pictureBody.payload,
      headers: { ...pictureBody.headers, cookie: adminCookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { eventImage } = uploaded.json() as { eventImage: string };
    const imageId = /([0-9a-f-]{36})\.webp$/.exec(eventImage)?.[1];
    expect(await bucketKeys()).toContain(`images/uploads/${imageId}.webp`);
    const served = await t.app.inject({ url: eventImage });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });

    // Nothing of it on this machine's disk.
    expect(existsSync(t.config.filesDir)).toBe(false);
  });
});
