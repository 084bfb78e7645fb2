// Text into the HTML the server draws (pages, mails, the development mailbox): one escape and one
// way to put text into a template. `String.replace` reads `$&`, `$'`, `` $` `` and `$1` in a
// replacement string as patterns, so a seller's `$'` would copy the page into itself; the
// insertion here is always literal.

/** Text safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * `html` with the first match of `marker` replaced by `insertion`, character for character. A
 * function gives the insertion: `String.replace` interprets no patterns in what a function returns.
 */
export function replaceInHtml(
  html: string,
  marker: string | RegExp,
  insertion: string | ((match: string) => string),
): string {
  return html.replace(marker, (match) => (typeof insertion === 'string' ? insertion : insertion(match)));
}
