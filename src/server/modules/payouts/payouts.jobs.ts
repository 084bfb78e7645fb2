import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-queue.ts';
import { applyPayoutRule } from './payout-lifecycle.ts';

/** Payouts past the buyers' time to complain become ready for payment (also on each load of the list). */
export function payoutsJobs(db: Db): JobDefinition[] {
  return [
    {
      name: 'apply-payout-rule',
      everyMinutes: 10,
      retryLimit: 3,
      retryDelaySeconds: 30,
      timeoutSeconds: 5 * 60,
      run: () => applyPayoutRule(db),
    },
  ];
}
