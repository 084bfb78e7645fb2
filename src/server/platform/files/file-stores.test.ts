import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

// One contract for every FileStore: the local directory and S3 (against s3rver on loopback) must
// behave the same to the code that stores ticket PDFs, drawn pages and pictures.

/** A store on a fresh, empty place (a new folder, a new bucket) and a way to let go of it. */
type OpenStore = (tuning: { listPageSize: number }) => Promise<{ store: FileStore; close(): Promise<void> }>;

async function read(store: FileStore, key: string): Promise<{ bytes: Buffer; size: number } | undefined> {
  const file = await store.get(key);
  return file && { bytes: await buffer(file.stream), size: file.size };
}

async function listed(store: FileStore) {
  const files = [];
  for await (const file of store.list()) files.push(file);
  return files;
}

const unsafeKeys = [
  '',
  '../escape.pdf',
  'tickets/../../escape.pdf',
  '/etc/passwd',
  'a//b',
  '.hidden',
  'a/.x',
  'a/b/',
  'a\\b',
  'tilde~',
  'space here',
];

function fileStoreContract(name: string, open: OpenStore) {
  describe(`${name} file store`, () => {
    let store: FileStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open({ listPageSize: 1000 }));
    });
    afterAll(() => close());

    it('gives back the exact bytes it was given, with their size', async () => {
      const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const large = Buffer.concat([every, randomBytes(1_500_000), every]);
      await store.put('tickets/round/every.bin', every, 'application/octet-stream');
      await store.put('tickets/round/large.pdf', large, 'application/pdf');
      expect(await read(store, 'tickets/round/every.bin')).toEqual({ bytes: every, size: 256 });
      const got = await read(store, 'tickets/round/large.pdf');
      expect(got?.size).toBe(large.length);
      expect(got?.bytes.equals(large)).toBe(true);
    });

    it('answers undefined for a key it does not have', async () => {
      expect(await store.get('tickets/nobody/here.pdf')).toBeUndefined();
      expect(await store.get('never-written')).toBeUndefined();
    });

    it('replaces a file written again under its key', async () => {
      await store.put('images/uploads/again.webp', Buffer.from('first version, longer'), 'image/webp');
      await store.put('images/uploads/again.webp', Buffer.from('second'), 'image/webp');
      expect(await read(store, 'images/uploads/again.webp')).toEqual({
        bytes: Buffer.from('second'),
        size: 6,
      });
    });

    it('deletes a file, and deleting one it does not have is no error', async () => {
      await store.put('tickets/gone/a.pdf', Buffer.from('a'), 'application/pdf');
      await store.put('tickets/gone/b.pdf', Buffer.from('b'), 'application/pdf');
      await store.delete('tickets/gone/a.pdf');
      expect(await store.get('tickets/gone/a.pdf')).toBeUndefined();
      expect(await read(store, 'tickets/gone/b.pdf')).toEqual({ bytes: Buffer.from('b'), size: 1 });
      await store.delete('tickets/gone/a.pdf');
      await store.delete('tickets/never/was.pdf');
      await store.removeEmptyFolders();
      expect(await read(store, 'tickets/gone/b.pdf')).toEqual({ bytes: Buffer.from('b'), size: 1 });
    });

    it('refuses keys that could point outside the store, storing nothing', async () => {
      const before = (await listed(store)).length;
      for (const key of unsafeKeys) {
        await expect(store.put(key, Buffer.from('x'), 'application/pdf'), key).rejects.toThrow(
          /unsafe file key/,
        );
        await expect(store.get(key), key).rejects.toThrow(/unsafe file key/);
        await expect(store.delete(key), key).rejects.toThrow(/unsafe file key/);
      }
      expect(await listed(store)).toHaveLength(before);
    });

    it('lists every file across pages, with when it was written', async () => {
      const { store: paged, close: closePaged } = await open({ listPageSize: 7 });
      try {
        const started = Date.now() - 60_000;
        const keys = Array.from({ length: 23 }, (_, i) => `tickets/${i % 3}/file-${i}.pdf`);
        for (const key of keys) await paged.put(key, Buffer.from(key), 'application/pdf');
        const files = await listed(paged);
        expect(files.map((file) => file.key).sort()).toEqual([...keys].sort());
        for (const file of files) {
          expect(file.modifiedAt).toBeInstanceOf(Date);
          expect(file.modifiedAt.getTime()).toBeGreaterThan(started);
          expect(file.modifiedAt.getTime()).toBeLessThan(Date.now() + 60_000);
        }
      } finally {
        await closePaged();
      }
    });
  });
}

fileStoreContract('local', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lipputori-files-'));
  return { store: createLocalFileStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

fileStoreContract('S3', async (tuning) => {
  const store = createS3FileStore(await s3.createBucket(), tuning);
  return { store, close: async () => store.close() };
});

describe('S3 file store with S3-compatible servers', () => {
  // The server reports what it received over its own channel, which may trail the HTTP answers.
  const received = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
  const headersOf = (method: string, key: string) =>
    s3.requests
      .filter((request) => request.method === method && request.url.includes(key))
      .map((r) => r.headers);

  it('sends no CRC32 checksum with an upload and asks for none with a download', async () => {
    const store = createS3FileStore(await s3.createBucket());
    try {
      await store.put('tickets/sum/plain.pdf', Buffer.from('%PDF-1.7 plain'), 'application/pdf');
      await read(store, 'tickets/sum/plain.pdf');
    } finally {
      store.close();
    }
    await received(() => expect(headersOf('GET', 'tickets/sum/plain.pdf')).toHaveLength(1));
    const [put] = headersOf('PUT', 'tickets/sum/plain.pdf');
    const [get] = headersOf('GET', 'tickets/sum/plain.pdf');
    expect(
      Object.keys(put ?? {}).filter(
        (name) => name.startsWith('x-amz-checksum') || name === 'x-amz-sdk-checksum-algorithm',
      ),
    ).toEqual([]);
    expect(put?.['content-encoding']).toBeUndefined();
    expect(get?.['x-amz-checksum-mode']).toBeUndefined();
  });

  it('would see the SDK default checksum (the check above can fail)', async () => {
    const options = await s3.createBucket();
    const client = new S3Client({ ...options, endpoint: options.endpoint ?? '' });
    try {
      await client
        .send(new PutObjectCommand({ Bucket: options.bucket, Key: 'default.pdf', Body: Buffer.from('x') }))
        .catch(() => undefined);
    } finally {
      client.destroy();
    }
    await received(() => expect(headersOf('PUT', 'default.pdf')[0]?.['x-amz-checksum-crc32']).toBeDefined());
  });

  it('lists page by page with the continuation token', async () => {
    const options = await s3.createBucket();
    const store = createS3FileStore(options, { listPageSize: 2 });
    try {
      const keys = ['a/1', 'a/2', 'b/3', 'c/4', 'd/5'];
      for (const key of keys) await store.put(key, Buffer.from(key), 'text/plain');
      expect((await listed(store)).map((file) => file.key)).toEqual(keys);
    } finally {
      store.close();
    }
    await received(() => {
      const pages = s3.requests.filter(
        (request) => request.url.startsWith(`/${options.bucket}/?`) && request.url.includes('list-type=2'),
      );
      expect(pages).toHaveLength(3);
      expect(pages.filter((page) => page.url.includes('continuation-token='))).toHaveLength(2);
    });
  });

  it('fails on a bucket that does not exist instead of calling files missing', async () => {
    const options = await s3.createBucket();
    const store = createS3FileStore({ ...options, bucket: 'no-such-bucket' }, { maxAttempts: 1 });
    try {
      await expect(store.get('tickets/a/b.pdf')).rejects.toThrow();
      await expect(store.put('tickets/a/b.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow();
    } finally {
      store.close();
    }
  });

  describe('against a store that accepts connections and never answers', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('gives up within its timeouts rather than holding the request', async () => {
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const store = createS3FileStore(
        {
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          bucket: 'hung',
          credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
          forcePathStyle: true,
        },
        { requestTimeoutMs: 300, connectionTimeoutMs: 300, maxAttempts: 2 },
      );
      try {
        // Without the timeouts these would wait for ever, and the test for its own timeout.
        await expect(store.get('tickets/a/b.pdf')).rejects.toThrow(/timed out|timeout|exceeded/i);
        await expect(store.put('tickets/a/b.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(
          /timed out|timeout|exceeded/i,
        );
      } finally {
        store.close();
      }
    }, 20_000);
  });
});
