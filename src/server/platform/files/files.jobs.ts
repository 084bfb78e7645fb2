import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../jobs/job-queue.ts';
import type { FileStore } from './file-store.ts';
import { type OwnedKeys, reconcileFiles } from './reconcile-files.ts';

/**
 * Hourly: removes stored files that no row owns (the modules that keep files answer `ownedKeys`)
 * once past the grace period, and empty folders.
 */
export function filesJobs(files: FileStore, ownedKeys: OwnedKeys, log: FastifyBaseLogger): JobDefinition[] {
  return [
    {
      name: 'reconcile-stored-files',
      everyMinutes: 60,
      retryLimit: 3,
      retryDelaySeconds: 60,
      timeoutSeconds: 30 * 60,
      run: () => reconcileFiles(files, ownedKeys, log),
    },
  ];
}
