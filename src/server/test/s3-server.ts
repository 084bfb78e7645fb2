import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3FileStoreOptions } from '../platform/files/s3-file-store.ts';

/** One request the S3 server received: what the store really sent. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestS3Server {
  /** Makes a new empty bucket; answers the store options for it. */
  createBucket(name?: string): Promise<S3FileStoreOptions>;
  /** Every request received so far, oldest first. */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

type Message = { port: number } | { request: ReceivedRequest };

/**
 * An S3-compatible server (s3rver) on loopback on a free port, its objects in a temporary folder.
 * It checks request signatures, as a real store does. It runs in a child process because its
 * paged listings need a cipher Node's OpenSSL 3 keeps behind --openssl-legacy-provider, which this
 * process should not turn on for everything else.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'lipputori-s3-'));
  const child = fork(new URL('./s3-server-process.ts', import.meta.url), [directory], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const requests: ReceivedRequest[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.on('message', (message: Message) => {
      if ('port' in message) resolve(message.port);
      else requests.push(message.request);
    });
  }).catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  const base = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  return {
    async createBucket(name = `bucket-${randomBytes(6).toString('hex')}`) {
      const client = new S3Client(base);
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
      return { ...base, bucket: name };
    },
    requests,
    async close() {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.disconnect();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
