import type { JobDefinition } from '../jobs/job-queue.ts';
import type { LocalPaymentProvider } from './local-payment-provider.ts';

export const deliverLocalPaymentEventsJob = 'deliver-local-payment-events';

/** At start and then each minute: local payment events a crash or a busy webhook left unsent. */
export function localPaymentJobs(provider: LocalPaymentProvider): JobDefinition[] {
  return [
    {
      name: deliverLocalPaymentEventsJob,
      everyMinutes: 1,
      runAtStart: true,
      retryLimit: 1,
      retryDelaySeconds: 10,
      timeoutSeconds: 5 * 60,
      run: () => provider.deliverUndelivered(),
    },
  ];
}
