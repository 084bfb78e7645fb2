// What text the service stores and shows. A NUL byte cannot be stored in PostgreSQL text and a
// lone UTF-16 surrogate is not a character at all: neither is ever typed by a person, so text
// that has one is refused rather than silently changed.

export const unstorableTextMessage = 'Tekstissä on merkkejä, joita ei voi käyttää';

/** True when `text` can be stored and shown as it is. */
function isStorableText(text: string): boolean {
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
