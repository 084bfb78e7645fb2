import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-queue.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import { countUnsentRefunds, type SaleRefunds } from './sale-refunds.ts';

export interface PurchasesJobPorts {
  db: Db;
  settlement: PaymentSettlement;
  refunds: SaleRefunds;
}

export function purchasesJobs({ db, settlement, refunds }: PurchasesJobPorts): JobDefinition[] {
  return [
    // Refunds the provider has not taken yet: a failure, or a process that died while asking.
    {
      name: 'send-sale-refunds',
      everyMinutes: 1,
      runAtStart: true,
      retryLimit: 1,
      retryDelaySeconds: 10,
      timeoutSeconds: 5 * 60,
      run: () => refunds.sendUnsent(),
      needsAttention: async () => (await countUnsentRefunds(db)).failed,
    },
    // Lapsed holds: their payment intents cancelled until the provider confirms, failed refunds retried.
    {
      name: 'sweep-payment-reservations',
      everyMinutes: 1,
      retryLimit: 1,
      retryDelaySeconds: 10,
      timeoutSeconds: 5 * 60,
      run: () => settlement.sweep(),
    },
  ];
}
