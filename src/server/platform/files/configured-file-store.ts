import type { AppConfig } from '../../config.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The store FILE_STORE names, and `close()` to let go of its connections. */
export function createConfiguredFileStore(
  config: Pick<AppConfig, 'fileStore' | 'filesDir'>,
): FileStore & { close(): void } {
  if (config.fileStore.kind === 's3') return createS3FileStore(config.fileStore);
  return { ...createLocalFileStore(config.filesDir), close() {} };
}
