import type { Db } from '../db/client.ts';
import type { JobDefinition } from '../platform/jobs/job-queue.ts';
import { purgeEndedRateLimitWindows } from './rate-limit-store.ts';

export const purgeRateLimitWindowsJob = 'purge-ended-rate-limit-windows';

/** The shared request counters of PostgreSQL (rate-limit-store.ts): ended windows go. */
export function rateLimitJobs(db: Db): JobDefinition[] {
  return [
    {
      name: purgeRateLimitWindowsJob,
      everyMinutes: 10,
      retryLimit: 2,
      retryDelaySeconds: 30,
      timeoutSeconds: 5 * 60,
      run: () => purgeEndedRateLimitWindows(db),
    },
  ];
}
