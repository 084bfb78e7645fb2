import type { JobDefinition } from '../../platform/jobs/job-queue.ts';
import type { ListingLifecycle } from './listing-lifecycle.ts';

/** Past events leave the list soon after a start, then every ten minutes. */
export function listingsJobs(listings: ListingLifecycle): JobDefinition[] {
  return [
    {
      name: 'expire-past-listings',
      everyMinutes: 10,
      runAtStart: true,
      retryLimit: 3,
      retryDelaySeconds: 30,
      timeoutSeconds: 5 * 60,
      run: () => listings.expirePast(),
    },
  ];
}
