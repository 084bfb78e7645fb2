import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-queue.ts';
import { purgeExpiredAccountArchives } from './purge-account-archives.ts';

/** The privacy policy's retention of deleted accounts' data; daily is exact enough for months. */
export function privacyJobs(db: Db): JobDefinition[] {
  return [
    {
      name: 'purge-account-archives',
      everyMinutes: 24 * 60,
      runAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 5 * 60,
      timeoutSeconds: 10 * 60,
      run: () => purgeExpiredAccountArchives(db),
    },
  ];
}
