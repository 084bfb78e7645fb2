import nodemailer from 'nodemailer';
import type { MailSender } from './outbox.ts';

/** Real delivery through SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpSender(smtpUrl: string, from: string): { send: MailSender; close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}
