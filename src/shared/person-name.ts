// Names are stored in lower case (spec 01 §3) and shown capitalised: every part of a name that
// starts after a space, a hyphen or an apostrophe gets a capital ('anna-liisa' → 'Anna-Liisa',
// "o'neill" → "O'Neill"). A nobiliary particle with a surname after it stays small ('von wright'
// → 'von Wright'), as Finnish and Swedish names write it.

const particles = new Set(['af', 'von', 'van', 'der', 'de', 'di', 'da', 'du', 'la', 'le']);

/** One stored name field as a person writes it: 'matti meikäläinen' → 'Matti Meikäläinen'. */
export function capitalizeName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .map((word, index) =>
      index < words.length - 1 && particles.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.replace(/(^|[-'’])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase()),
    )
    .join(' ');
}

/** First and last name, each capitalised, as one; '' when neither is known. */
export function personName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName]
    .map((part) => capitalizeName(part ?? ''))
    .filter(Boolean)
    .join(' ');
}
