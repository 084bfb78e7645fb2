import type { Db } from '../../db/client.ts';
import { type DeliveryReport, deliverDueMail, type MailSender } from './outbox.ts';

/** Polls the outbox and delivers due mail; `kick()` runs a round at once after a new mail. */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  private readonly db: Db;
  private readonly send: MailSender;
  private readonly report: DeliveryReport;
  private readonly intervalMs: number;

  constructor(db: Db, send: MailSender, report: DeliveryReport, intervalMs = 5000) {
    this.db = db;
    this.send = send;
    this.report = report;
    this.intervalMs = intervalMs;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async round(): Promise<void> {
    try {
      while ((await deliverDueMail(this.db, this.send, this.report)) > 0) {
        // keep going while there is a backlog
      }
    } catch (error) {
      this.report.log.error({ err: error }, 'outbox delivery round failed');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
