import { finnishDate } from '#shared/dates.ts';
import { eventPlace } from '#shared/event-place.ts';
import { escapeHtml } from '../../html.ts';

// Plain, readable mails: one layout, a text part and an HTML part built from the same content.

export interface MailContent {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A newsletter mail's way out, at its foot (docs/decisions/033). */
  unsubscribeUrl?: string;
}

const unsubscribeText = 'Etkö halua Lipputorin uutiskirjettä? Peru tilaus';

export function renderMail(content: MailContent): { text: string; html: string } {
  const textParts = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  textParts.push('Ystävällisin terveisin,', 'Lipputori');
  if (content.unsubscribeUrl) textParts.push('', '--', `${unsubscribeText}: ${content.unsubscribeUrl}`);

  const html = `<!doctype html><html lang="fi"><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">
<h1 style="font-size:20px;color:#8a5a2b">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('\n')}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="background:#cf975c;color:#000;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` : ''}
<p>Ystävällisin terveisin,<br>Lipputori</p>
${content.unsubscribeUrl ? `<p style="font-size:13px;color:#555;border-top:1px solid #ddd;padding-top:8px">${escapeHtml(unsubscribeText)}: <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#7a4a16">${escapeHtml(content.unsubscribeUrl)}</a></p>` : ''}</body></html>`;
  return { text: textParts.join('\n'), html };
}

/** The line every mail about a listing opens with: the event, its day and where it is. */
export function mailEventLine(event: {
  eventName: string;
  eventDate: Date;
  eventVenue: string;
  location: string;
}): string {
  return `${event.eventName}, ${finnishDate(event.eventDate)}, ${eventPlace(event)}`;
}
