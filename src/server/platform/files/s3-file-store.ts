import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStore } from './file-store.ts';

// S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …): what every process
// of a site behind a load balancer shares (docs/decisions/021).

export interface S3FileStoreOptions {
  /** An S3-compatible service's address; undefined: AWS's own for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Undefined: the SDK's default chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

export interface S3StoreTuning {
  /** Keys per ListObjectsV2 page (S3's maximum is 1,000; tests page with a few). */
  listPageSize: number;
  /** How long a connection may take to open. */
  connectionTimeoutMs: number;
  /** How long a request may wait for its answer to begin, and a socket may sit silent after. */
  requestTimeoutMs: number;
  /** Tries per request (the first and the retries of a throttled or failed one). */
  maxAttempts: number;
}

// A hung store fails a request within about maxAttempts × (connection + request timeout), not never.
const defaultTuning: S3StoreTuning = {
  listPageSize: 1000,
  connectionTimeoutMs: 3_000,
  requestTimeoutMs: 10_000,
  maxAttempts: 3,
};

/** An S3 file store, and `close()` to let go of its connections. */
export function createS3FileStore(
  options: S3FileStoreOptions,
  tuning: Partial<S3StoreTuning> = {},
): FileStore & { close(): void } {
  const { listPageSize, connectionTimeoutMs, requestTimeoutMs, maxAttempts } = {
    ...defaultTuning,
    ...tuning,
  };
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // The SDK's default adds CRC32 checksums to every upload and asks for them on every download;
    // MinIO, R2 and B2 refuse or mishandle those. Only operations that require a checksum get one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts,
    requestHandler: {
      connectionTimeout: connectionTimeoutMs,
      requestTimeout: requestTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: requestTimeoutMs,
    },
  });
  const Bucket = options.bucket;

  return {
    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) throw new Error(`no body for ${key}`);
        // Read whole (our files are at most 10 MB): the connection goes back to the pool at once,
        // so a slow download or a zip sending its first file cannot leave the store's socket idle
        // until it times out.
        const bytes = Buffer.from(await answer.Body.transformToByteArray());
        return { stream: Readable.from(bytes), size: bytes.length };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // Answers success for a key that is not there, as the local store does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      const pages = paginateListObjectsV2(
        { client, pageSize: listPageSize },
        { Bucket, MaxKeys: listPageSize },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
        }
      }
    },
    // Object stores have no folders: a key's "folder" goes with its last key.
    async removeEmptyFolders() {},
    close: () => client.destroy(),
  };
}

/** No such key (some servers answer a bare 404); a missing bucket is a wrong configuration, not a missing file. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'))
  );
}
