// What text the service stores and shows. A NUL byte cannot be stored in PostgreSQL text and a
// lone UTF-16 surrogate is not a character at all: neither is ever typed by a person, so text
// that has one is refused rather than silently changed.

export const unstorableTextMessage = 'Tekstissä on merkkejä, joita ei voi käyttää';

/** True when `text` can be stored and shown as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** NUL bytes and lone surrogates dropped: for a search term, where a mangled link should still work. */
export function withoutUnstorableCharacters(text: string): string {
  return text.replace(/[\0\p{Cs}]/gu, '');
}

/**
 * The dotted path of the first string (value or object key) in a parsed JSON value that is not
 * storable text, or undefined. Walks without recursion: nesting depth is the sender's choice.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return next.path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push({ value: item, path: join(next.path, index) });
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return join(next.path, withoutUnstorableCharacters(key));
        pending.push({ value: item, path: join(next.path, key) });
      }
    }
  }
  return undefined;
}

export const singleLineTextMessage = 'Tekstissä ei voi olla rivinvaihtoja eikä ohjausmerkkejä';

// What a one-line field (a name, a venue, a ticket type) never holds: control characters (line
// breaks, tab, NUL, BEL, ESC, DEL and the C1 range), Unicode's line and paragraph separators, and
// the bidirectional embeddings, overrides and isolates, which reorder how the text around them
// shows ('lippu\u202Efdp.exe' reads as 'lippuexe.pdf'). Nobody types them; pasted, they break a
// card, a mail subject or a CSV row, or make text look like something it is not.
const notSingleLine = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const notSingleLineAll = new RegExp(notSingleLine.source, 'gu');

/** True when `text` is one plain line: the rule of every one-line text field, refused otherwise. */
export function isSingleLineText(text: string): boolean {
  return !notSingleLine.test(text);
}

/**
 * `text` without what a single line never holds: for a name the sender did not type (an uploaded
 * file's name, from the sender's own disk), which is kept rather than the upload refused.
 */
export function asSingleLine(text: string): string {
  return text.replace(notSingleLineAll, '');
}
