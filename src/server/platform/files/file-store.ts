import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as a listing of the store shows it. */
export interface StoredFile {
  key: string;
  /** When it was last written: how old an unowned file is (reconcile-files.ts). */
  modifiedAt: Date;
}

/** Where ticket PDFs and uploaded images live. Never exposed as public URLs. */
export interface FileStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Deletes the file; a folder it leaves empty goes with it. */
  delete(key: string): Promise<void>;
  /** Every stored file, in no particular order (an object store's listing). */
  list(): AsyncIterable<StoredFile>;
  /** Removes folders that hold no file, however deep; a store without folders does nothing. */
  removeEmptyFolders(): Promise<void>;
}

/** Deletes every key it can; answers the keys a failing store left behind, for the log. */
export async function deleteFiles(store: FileStore, keys: readonly string[]): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  return keys.filter((_key, index) => results[index]?.status === 'rejected');
}

const safeKey = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Whether every store takes `key`: folders and names of plain characters, nothing that climbs up. */
export function isSafeKey(key: string): boolean {
  return safeKey.test(key) && !key.includes('..');
}

/** Refuses a key that could point outside the store (or name something other than a file of ours). */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe file key: ${key}`);
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The embedded default: files in a local directory (./data/files). */
export function createLocalFileStore(rootDir: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };

  /** Removes `dir` and its parents below the root while they are empty. */
  async function removeEmptyParents(dir: string): Promise<void> {
    for (let current = dir; current.startsWith(rootDir + path.sep); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or already gone): the parents are not empty either
      }
    }
  }

  /** Removes the empty folders under `dir`; true when `dir` itself is left empty. */
  async function removeEmptyUnder(dir: string): Promise<boolean> {
    const entries = await readdir(dir, { withFileTypes: true });
    let empty = true;
    for (const entry of entries) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory() && (await removeEmptyUnder(child))) {
        // A put may have made it again meanwhile: then it is not empty and stays.
        await rmdir(child).catch(() => {
          empty = false;
        });
      } else empty = false;
    }
    return empty;
  }

  async function* walk(dir: string): AsyncGenerator<StoredFile> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(file);
      else if (entry.isFile()) {
        const info = await stat(file).catch(() => undefined);
        if (info)
          yield { key: path.relative(rootDir, file).split(path.sep).join('/'), modifiedAt: info.mtime };
      }
    }
  }

  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(file, data);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
        // A delete removed the folder as it became empty between the two steps: make it again.
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, data);
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await rm(file, { force: true });
      await removeEmptyParents(path.dirname(file));
    },
    list: () => walk(rootDir),
    async removeEmptyFolders() {
      try {
        await removeEmptyUnder(rootDir);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    },
  };
}
