import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

// The development mailbox (/api/dev/mails): journeys read the mail the app sent, waiting for it,
// as the outbox delivers after the request that queued it.

export interface DevMail {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  headers: Record<string, string> | null;
}

/**
 * The newest mail to `to` that has `text` in its body (a string it contains, or a pattern it
 * matches) and `subject` as its subject, when given; waited for until it arrives.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  { text, subject }: { text?: string | RegExp; subject?: string } = {},
): Promise<DevMail> {
  const matches = (mail: DevMail) =>
    mail.to === to &&
    (subject === undefined || mail.subject === subject) &&
    (text === undefined || (typeof text === 'string' ? mail.text.includes(text) : text.test(mail.text)));
  let found: DevMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mails')).json()) as DevMail[];
      found = mails.find(matches);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}
