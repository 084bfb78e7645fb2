import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where ticket PDFs and uploaded images live. Never exposed as public URLs. */
export interface FileStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

/** Deletes every key it can; answers the keys a failing store left behind, for the log. */
export async function deleteFiles(store: FileStore, keys: readonly string[]): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  return keys.filter((_key, index) => results[index]?.status === 'rejected');
}

const safeKey = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** The embedded default: files in a local directory (./data/files). */
export function createLocalFileStore(rootDir: string): FileStore {
  const resolve = (key: string) => {
    if (!safeKey.test(key) || key.includes('..')) throw new Error(`unsafe file key: ${key}`);
    return path.join(rootDir, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
