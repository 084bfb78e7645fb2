import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import { type DeliveryReport, deliverDueMail, type MailSender } from './outbox.ts';

export const deliverOutboxJob = 'deliver-outbox';

/**
 * Every minute for the retries; a queued mail asks for a run at once (`app.mailQueued()`). Rows
 * are claimed with SKIP LOCKED, so even two runs at once never send a mail twice.
 */
export function mailJobs(db: Db, send: MailSender, report: DeliveryReport): JobDefinition[] {
  return [
    {
      name: deliverOutboxJob,
      everyMinutes: 1,
      runAtStart: true,
      retryLimit: 2,
      retryDelaySeconds: 15,
      timeoutSeconds: 10 * 60,
      run: async () => {
        while ((await deliverDueMail(db, send, report)) > 0) {
          // keep going while there is a backlog
        }
      },
    },
  ];
}
