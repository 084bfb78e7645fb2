import type { JobDefinition } from '../../platform/jobs/job-queue.ts';
import { type CancellationDeps, processEventCancellations } from './event-cancellations.ts';

/**
 * A cancelled event's listings, one at a time: started by the admin's request, and each minute
 * for listings a buyer was paying for and runs a stopped process left.
 */
export function eventCancellationsJobs(deps: CancellationDeps): JobDefinition[] {
  return [
    {
      name: 'process-event-cancellations',
      everyMinutes: 1,
      runAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 30,
      timeoutSeconds: 30 * 60,
      run: () => processEventCancellations(deps),
    },
  ];
}
