import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-queue.ts';
import { purgeExpiredAccountRows } from './purge-expired-rows.ts';

/** Attackers can fill these tables; after a start too, so a stopped site does not keep them. */
export function accountsJobs(db: Db): JobDefinition[] {
  return [
    {
      name: 'purge-expired-account-rows',
      everyMinutes: 60,
      runAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 60,
      timeoutSeconds: 10 * 60,
      run: () => purgeExpiredAccountRows(db),
    },
  ];
}
