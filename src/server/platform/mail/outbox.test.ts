import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { outbox } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  type DeliveryReport,
  deliverDueMail,
  enqueueMail,
  type MailOutcome,
  maxDeliveryAttempts,
  redactedReason,
  retryDelaySeconds,
} from './outbox.ts';
import { createSmtpSender } from './smtp-sender.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives; `refuse` answers RCPT TO with a code. */
async function startSmtpServer(refuse: (address: string) => number | undefined = () => undefined): Promise<{
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse(address.address);
      if (code === undefined) return callback();
      callback(
        Object.assign(new Error(`Recipient <${address.address}> not accepted here`), { responseCode: code }),
      );
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('outbox delivery over SMTP', () => {
  it('delivers queued mail once and marks it sent', async () => {
    const smtp = await startSmtpServer();
    const sender = createSmtpSender(`smtp://127.0.0.1:${smtp.port}`, 'Lipputori <noreply@lipputori.example>');
    try {
      await enqueueMail(t.app.db, {
        to: 'ostaja@example.fi',
        replyTo: 'tuki@example.fi',
        subject: 'Tervetuloa Lipputoriin',
        text: 'Hei! Tilisi on valmis.',
        html: '<p>Hei! Tilisi on valmis.</p>',
        headers: { 'List-Unsubscribe': '<https://lipputori.example/uutiskirje/peru?token=abc>' },
      });
      expect(await deliverDueMail(t.app.db, sender.send)).toBe(1);
      expect(await deliverDueMail(t.app.db, sender.send)).toBe(0);

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['ostaja@example.fi']);
      expect(smtp.received[0]?.from).toBe('noreply@lipputori.example');
      expect(smtp.received[0]?.raw).toContain('Subject: Tervetuloa Lipputoriin');
      expect(smtp.received[0]?.raw).toContain('Reply-To: tuki@example.fi');
      expect(smtp.received[0]?.raw).toContain(
        'List-Unsubscribe: <https://lipputori.example/uutiskirje/peru?token=abc>',
      );

      const [row] = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, 'ostaja@example.fi'));
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.attempts).toBe(1);
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('keeps mail while SMTP is down, backs off, and delivers when it is back', async () => {
    // Nothing listens on this port yet.
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    const downSender = createSmtpSender(`smtp://127.0.0.1:${port}`, 'noreply@lipputori.example');
    await enqueueMail(t.app.db, { to: 'odottaa@example.fi', subject: 'Odottava viesti', text: 'Sisältö' });

    expect(await deliverDueMail(t.app.db, downSender.send)).toBe(1);
    downSender.close();
    const [failed] = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, 'odottaa@example.fi'));
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is claimed.
    const up = await startSmtpServer();
    const upSender = createSmtpSender(`smtp://127.0.0.1:${up.port}`, 'noreply@lipputori.example');
    try {
      expect(await deliverDueMail(t.app.db, upSender.send)).toBe(0);
      await t.app.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outbox.toAddress, 'odottaa@example.fi'));
      expect(await deliverDueMail(t.app.db, upSender.send)).toBe(1);
      expect(up.received.map((mail) => mail.to[0])).toEqual(['odottaa@example.fi']);
    } finally {
      upSender.close();
      await up.close();
    }
  });

  it('gives up after the last attempt and leaves the mail for a person to see', async () => {
    await enqueueMail(t.app.db, { to: 'viimeinen@example.fi', subject: 'Ei mene perille', text: '…' });
    await t.app.db
      .update(outbox)
      .set({ attempts: maxDeliveryAttempts - 1 })
      .where(eq(outbox.toAddress, 'viimeinen@example.fi'));
    await deliverDueMail(t.app.db, async () => {
      throw new Error('550 mailbox unavailable');
    });
    const [row] = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, 'viimeinen@example.fi'));
    expect(row?.failedAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBe('550 mailbox unavailable');
    await t.app.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.toAddress, 'viimeinen@example.fi'));
    expect(await deliverDueMail(t.app.db, async () => {})).toBe(0);
  });

  it('does not let two workers send the same mail', async () => {
    await enqueueMail(t.app.db, { to: 'kilpa@example.fi', subject: 'Kerran', text: '…' });
    const sent: string[] = [];
    const send = async (mail: { to: string }) => {
      sent.push(mail.to);
    };
    await Promise.all([deliverDueMail(t.app.db, send), deliverDueMail(t.app.db, send)]);
    expect(sent.filter((to) => to === 'kilpa@example.fi')).toHaveLength(1);
  });
});

describe('the outbox job', () => {
  it('delivers a queued mail at once, once, with two processes running the jobs', async () => {
    const smtp = await startSmtpServer();
    const database = { ...t.app.database, close: async () => {} };
    const config = { ...t.config, backgroundJobs: true, smtpUrl: `smtp://127.0.0.1:${smtp.port}` };
    const apps = [await buildApp(config, { database }), await buildApp(config, { database })];
    try {
      await Promise.all(apps.map((app) => app.ready()));
      // The runs queued at start are over first, so only the kick can deliver what comes next.
      const startDeadline = Date.now() + 30_000;
      const outboxRun = async () =>
        (await apps[0]?.jobs.statuses())?.find((job) => job.name === 'deliver-outbox')?.lastFinishedAt;
      while (!(await outboxRun()) && Date.now() < startDeadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await outboxRun()).toBeInstanceOf(Date);
      await enqueueMail(t.app.db, { to: 'heti@example.fi', subject: 'Heti perille', text: '…' });
      // The next scheduled run is up to a minute away: the kick is what delivers it now.
      for (const app of apps) app.mailQueued();
      const deadline = Date.now() + 30_000;
      while (!smtp.received.some((mail) => mail.to[0] === 'heti@example.fi') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, 'heti@example.fi'));
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.attempts).toBe(1);
      expect(smtp.received.filter((mail) => mail.to[0] === 'heti@example.fi')).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await smtp.close();
    }
  });
});

describe('a mail the SMTP server refuses or cannot take now', () => {
  /** The log lines and outcomes a delivery round reports. */
  function recordingReport(): DeliveryReport & { lines: Record<string, unknown>[]; outcomes: MailOutcome[] } {
    const lines: Record<string, unknown>[] = [];
    const outcomes: MailOutcome[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    return {
      log: log as unknown as FastifyBaseLogger,
      count: (outcome) => outcomes.push(outcome),
      lines,
      outcomes,
    };
  }

  it('logs each failure with the reason and the recipient domain only, counts it, and stops retrying a refusal', async () => {
    const smtp = await startSmtpServer((address) =>
      address.startsWith('eiole') ? 550 : address.startsWith('myohemmin') ? 451 : undefined,
    );
    const sender = createSmtpSender(`smtp://127.0.0.1:${smtp.port}`, 'noreply@lipputori.example');
    const report = recordingReport();
    try {
      await enqueueMail(t.app.db, { to: 'eiole@vastaanottaja.example', subject: 'Hylätään', text: '…' });
      await enqueueMail(t.app.db, { to: 'myohemmin@toinen.example', subject: 'Myöhemmin', text: '…' });
      await enqueueMail(t.app.db, { to: 'perille@kolmas.example', subject: 'Menee', text: '…' });
      expect(await deliverDueMail(t.app.db, sender.send, report)).toBe(3);
    } finally {
      sender.close();
      await smtp.close();
    }
    expect(report.outcomes.sort()).toEqual(['failed', 'refused', 'sent']);

    const refused = report.lines.find((line) => line.recipientDomain === 'vastaanottaja.example');
    expect(refused).toMatchObject({ level: 50, attempt: 1 });
    expect(String(refused?.msg)).toContain('refused');
    expect(String(refused?.reason)).toMatch(/^550 /);
    const later = report.lines.find((line) => line.recipientDomain === 'toinen.example');
    expect(later).toMatchObject({ level: 40, attempt: 1, retryInSeconds: 30 });
    expect(String(later?.reason)).toMatch(/^451 /);
    for (const line of report.lines) {
      expect(line.outboxId).toBeDefined();
      expect(JSON.stringify(line)).not.toMatch(/eiole@|myohemmin@/);
    }

    const rows = await t.app.db.select().from(outbox);
    const row = (to: string) => rows.find((candidate) => candidate.toAddress === to);
    // Refused for good: never tried again. Not taken now: tried again later.
    expect(row('eiole@vastaanottaja.example')?.failedAt).toBeInstanceOf(Date);
    expect(row('eiole@vastaanottaja.example')?.lastError).toContain('550');
    expect(row('myohemmin@toinen.example')?.failedAt).toBeNull();
    expect(row('perille@kolmas.example')?.sentAt).toBeInstanceOf(Date);
  });

  it('retries a 5xx that is about our own configuration (login, sender), not the mail', async () => {
    await enqueueMail(t.app.db, { to: 'asetukset@example.fi', subject: 'Kirjautuminen', text: '…' });
    const report = recordingReport();
    await deliverDueMail(
      t.app.db,
      async () => {
        throw Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed'), {
          responseCode: 535,
          command: 'AUTH PLAIN',
        });
      },
      report,
    );
    const [row] = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, 'asetukset@example.fi'));
    expect(row?.failedAt).toBeNull();
    expect(report.outcomes).toEqual(['failed']);
  });

  it('keeps addresses out of the logged reason', () => {
    const error = Object.assign(new Error('x'), {
      response: '550 5.1.1 <Matti.Meikalainen+liput@posti.example>: Recipient address rejected',
    });
    expect(redactedReason(error)).toBe('550 5.1.1 <…@posti.example>: Recipient address rejected');
    expect(redactedReason(new Error('greeting never came from mail.example'))).toBe(
      'greeting never came from mail.example',
    );
  });
});

describe('retry delay', () => {
  it('doubles from 30 s and stops growing at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
