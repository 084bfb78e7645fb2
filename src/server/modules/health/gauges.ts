import type { FastifyInstance } from 'fastify';
import { outboxBacklog } from '../../platform/mail/outbox.ts';
import { sharedRead } from '../../plugins/metrics.ts';
import { countSales } from '../purchases/recorded-sales.ts';
import { countUnsentRefunds } from '../purchases/sale-refunds.ts';
import { countLiveHolds } from '../purchases/ticket-holds.ts';

/**
 * The gauges read when Prometheus scrapes: the database's (one value for the whole site, each an
 * indexed count or one scan of the unsent mail) and this process's PDF check queue.
 */
export function registerGauges(app: FastifyInstance): void {
  const onError = (error: unknown) => app.log.warn({ err: error }, 'a metrics gauge could not be read');
  const backlog = sharedRead(() => outboxBacklog(app.db));
  app.metrics.gauge(
    'lipputori_outbox_backlog',
    'Mail waiting in the outbox to be sent (not yet sent, not given up on)',
    'max',
    async () => (await backlog()).count,
    onError,
  );
  app.metrics.gauge(
    'lipputori_outbox_oldest_age_seconds',
    'How long the oldest mail waiting in the outbox has waited (0 when none waits)',
    'max',
    async () => (await backlog()).oldestAgeSeconds,
    onError,
  );
  app.metrics.gauge(
    'lipputori_live_holds',
    'Reservations holding a ticket for a buyer right now',
    'max',
    () => countLiveHolds(app.db),
    onError,
  );
  app.metrics.gauge('lipputori_sales', 'Sales recorded', 'max', () => countSales(app.db), onError);
  const refunds = sharedRead(() => countUnsentRefunds(app.db));
  // Alert on the first: a refund given up waits for an admin while the buyer waits for the money.
  app.metrics.gauge(
    'lipputori_sale_refunds_failed',
    'Refunds to buyers that failed for good at the payment provider and wait for an admin',
    'max',
    async () => (await refunds()).failed,
    onError,
  );
  app.metrics.gauge(
    'lipputori_sale_refunds_unsent',
    'Refunds to buyers not yet taken by the payment provider and still being tried',
    'max',
    async () => (await refunds()).retrying,
    onError,
  );
  app.metrics.gauge(
    'lipputori_pdf_checks_waiting',
    'Ticket PDFs waiting for a worker to be checked or drawn',
    'sum',
    () => app.ticketPdfs.load().waiting,
    onError,
  );
  app.metrics.gauge(
    'lipputori_pdf_checks_running',
    'Ticket PDFs being checked or drawn right now',
    'sum',
    () => app.ticketPdfs.load().running,
    onError,
  );
}
