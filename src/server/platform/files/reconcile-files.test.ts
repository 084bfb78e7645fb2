import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminImages } from '../../db/schema/index.ts';
import { reconcileStoredFiles } from '../../jobs.ts';
import { insertListing, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { storedFileGraceMs } from './reconcile-files.ts';

// Files nothing owns: an upload killed between storing a file and committing its row leaves the
// file behind, and deleted listings left empty folders. The hourly reconcile removes stored files
// with no row once they are older than the grace period (an upload in progress has its files
// stored before its rows commit), and empty folders; a file with a row is never touched.

let t: TestApp;
let sellerId = '';
let sellerCookie = '';
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  const seller = await signUp(t.app, 'tiedostot');
  sellerId = seller.id;
  sellerCookie = seller.cookie;
});
afterAll(() => t.close());

const onDisk = (key: string) => path.join(t.config.filesDir, key);
const pdf = Buffer.from('%PDF-1.7\n% orpo\n');
const longAgo = new Date(Date.now() - storedFileGraceMs - 60_000);

/** A stored file last written `at`. */
async function storeFile(key: string, at = new Date()) {
  await t.app.files.put(key, pdf, 'application/pdf');
  await utimes(onDisk(key), at, at);
}

describe('reconciling stored files with their rows', () => {
  it('removes old files without a row and empty folders, keeps fresh ones and every file with a row', async () => {
    const listing = await insertListing(t.app, { sellerId, fileCount: 2 });
    for (const file of listing.files) await utimes(onDisk(file.storageKey), longAgo, longAgo);
    const imageKey = `images/uploads/${randomUUID()}.webp`;
    await storeFile(imageKey, longAgo);
    await t.app.db.insert(adminImages).values({
      storageKey: imageKey,
      originalFileName: 'kuva.png',
      sizeBytes: pdf.byteLength,
      uploadedBy: sellerId,
    });
    const orphanFolder = `tickets/${randomUUID()}`;
    const oldOrphan = `${orphanFolder}/lippu.pdf`;
    await storeFile(oldOrphan, longAgo);
    const oldImageOrphan = `images/uploads/${randomUUID()}.webp`;
    await storeFile(oldImageOrphan, longAgo);
    const freshOrphan = `tickets/${randomUUID()}/lippu.pdf`;
    await storeFile(freshOrphan);
    const emptyFolder = `tickets/${randomUUID()}`;
    await mkdir(onDisk(emptyFolder), { recursive: true });

    const removed = await reconcileStoredFiles(t.app);

    expect(removed.sort()).toEqual([oldImageOrphan, oldOrphan].sort());
    expect(existsSync(onDisk(oldOrphan))).toBe(false);
    expect(existsSync(onDisk(orphanFolder))).toBe(false);
    expect(existsSync(onDisk(oldImageOrphan))).toBe(false);
    expect(existsSync(onDisk(emptyFolder))).toBe(false);
    expect(existsSync(onDisk(freshOrphan))).toBe(true);
    expect(existsSync(onDisk(imageKey))).toBe(true);
    for (const file of listing.files) expect(existsSync(onDisk(file.storageKey))).toBe(true);
    expect(existsSync(t.config.filesDir)).toBe(true);
  });

  it('removes nothing when no stored file has a row: the store and the database do not belong together', async () => {
    const other = await createTestApp({ rateLimits: false });
    try {
      const key = `tickets/${randomUUID()}/lippu.pdf`;
      await other.app.files.put(key, pdf, 'application/pdf');
      await utimes(path.join(other.config.filesDir, key), longAgo, longAgo);
      expect(await reconcileStoredFiles(other.app)).toEqual([]);
      expect(existsSync(path.join(other.config.filesDir, key))).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('deleting a listing', () => {
  it('removes its folder with its files', async () => {
    const listing = await insertListing(t.app, { sellerId, status: 'pending', fileCount: 2 });
    const folder = onDisk(`tickets/${listing.id}`);
    expect(existsSync(folder)).toBe(true);
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/${listing.id}`,
      headers: { cookie: sellerCookie },
    });
    expect(answer.statusCode, answer.body).toBe(204);
    expect(existsSync(folder)).toBe(false);
  });
});
