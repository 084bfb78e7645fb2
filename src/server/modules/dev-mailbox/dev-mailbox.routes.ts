import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema/index.ts';
import { escapeHtml } from '../../html.ts';
import { isLoopbackAddress } from './loopback.ts';

/** Escapes the text and turns its http(s) URLs into clickable links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The development mailbox (never in production): without SMTP_URL mail stays in the outbox,
 * and this page shows it so links in it (password reset, …) can be followed. Those links take
 * over accounts, so only a browser on this machine, talking to the server directly, sees it;
 * anyone else, and anything through a proxy, gets the 404 page.
 */
export async function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    const proxied = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((name) => name in request.headers);
    if (proxied || !isLoopbackAddress(request.socket.remoteAddress)) return reply.callNotFound();
  });
  const latestMails = () => app.db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);

  app.get('/api/dev/mails', async () => {
    const rows = await latestMails();
    return rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      replyTo: row.replyTo,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      headers: row.headers,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    }));
  });

  app.get('/dev/posti', async (_request, reply) => {
    const rows = await latestMails();
    const items = rows
      .map((row) => {
        const state = row.sentAt ? 'lähetetty' : row.failedAt ? 'epäonnistui' : 'jonossa';
        return `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">Vastaanottaja: ${escapeHtml(row.toAddress)}${row.replyTo ? ` · Vastaus: ${escapeHtml(row.replyTo)}` : ''} · ${row.createdAt.toLocaleString('fi-FI', { timeZone: 'Europe/Helsinki' })} · ${state}</p>
  <pre>${linkify(row.textBody)}</pre>
</article>`;
      })
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="fi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kehityspostilaatikko – Lipputori</title>
<style>body{font-family:system-ui,sans-serif;max-width:800px;margin:0 auto;padding:16px;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:1.1rem;margin:0 0 4px}
.meta{color:#555;font-size:.9rem;margin:0 0 8px}pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#7a4a16}</style></head>
<body><h1>Kehityspostilaatikko</h1>
<p>Sähköpostit, jotka palvelu on lähettänyt. Ilman SMTP_URL-asetusta ne jäävät tänne eivätkä lähde oikeasti.</p>
${items || '<p>Ei viestejä.</p>'}
</body></html>`);
  });
}
