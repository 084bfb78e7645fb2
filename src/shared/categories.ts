// Event types (spec 02 §3): the stored code and the Finnish name shown and used as filter value.

import { foldForSearch } from './search-text.ts';

const eventTypes = [
  { code: 'konsertti', name: 'Konsertti' },
  { code: 'festivaali', name: 'Festivaali' },
  { code: 'urheilu', name: 'Urheilu' },
  { code: 'teatteri', name: 'Teatteri' },
  { code: 'standup', name: 'Standup' },
  { code: 'nayttely', name: 'Näyttely' },
  { code: 'elokuva', name: 'Elokuva' },
  { code: 'muu', name: 'Muu tapahtuma' },
] as const;

export type EventTypeCode = (typeof eventTypes)[number]['code'];
export const eventTypeCodes = eventTypes.map((type) => type.code) as [EventTypeCode, ...EventTypeCode[]];

/** The category filter's values, in the spec's order (spec 01 §9). */
export const filterCategories = [
  'Festivaali',
  'Urheilu',
  'Teatteri',
  'Konsertti',
  'Standup',
  'Näyttely',
  'Muu tapahtuma',
] as const;

export function eventTypeName(code: string): string {
  return eventTypes.find((type) => type.code === code)?.name ?? 'Muu tapahtuma';
}

/**
 * Default images shipped per type: public/defaults/events/{code}/{n}.webp. Spec 02 §3 counts one
 * for concerts and theatre; a band on stage cannot stand for a symphony, so there are more
 * (docs/decisions/012).
 */
export const defaultImageCounts: Record<EventTypeCode, number> = {
  festivaali: 2,
  konsertti: 3,
  urheilu: 2,
  teatteri: 2,
  standup: 1,
  nayttely: 2,
  elokuva: 2,
  muu: 3,
};

export const generalDefaultImage = '/defaults/events/default.webp';

export function defaultEventImage(code: EventTypeCode, n: number): string {
  return `/defaults/events/${code}/${n}.webp`;
}

/**
 * Where one category picture cannot fit every event, the words (folded, as `foldForSearch`
 * writes them) that say which of the type's pictures fits: an ice-hockey derby must not show a
 * football.
 */
const fittingImages: Partial<Record<EventTypeCode, { n: number; words: string[] }[]>> = {
  urheilu: [
    { n: 2, words: ['jaakiek', 'kiekko', 'hockey', 'sm-liiga'] },
    { n: 1, words: ['jalkapallo', 'football', 'futis', 'veikkausliiga', 'huuhkaj'] },
  ],
  konsertti: [
    { n: 3, words: ['jazz', 'blues', 'swing'] },
    {
      n: 2,
      words: [
        'sinfoni',
        'orkest',
        'filharmon',
        'klassi',
        'kuoro',
        'kamarimusiikki',
        'sibelius',
        'urku',
        'urut',
      ],
    },
    { n: 1, words: ['rock', 'metal', 'punk', 'pop', 'keikka', 'kiertue', 'areena', 'band', 'yhtye'] },
  ],
  teatteri: [
    { n: 2, words: ['baletti', 'ballet', 'tanssi', 'dance'] },
    { n: 1, words: ['naytelma', 'musikaali', 'teatteri', 'komedia', 'draama', 'tragedia'] },
  ],
};

/**
 * The default picture of an event: the type's picture that fits its name, else one chosen from the
 * event's name, so the same event shows the same picture on every card and page.
 */
export function defaultImageForEvent(code: EventTypeCode, eventName: string): string {
  const name = foldForSearch(eventName);
  const fitting = fittingImages[code]?.find((image) => image.words.some((word) => name.includes(word)));
  if (fitting) return defaultEventImage(code, fitting.n);
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return defaultEventImage(code, (hash % defaultImageCounts[code]) + 1);
}

/**
 * The stored type codes a category filter value matches. 'Elokuva' has no filter of its own in
 * the spec's list, so films are found under 'Muu tapahtuma' (docs/decisions/004).
 */
export function eventTypeCodesForFilter(filter: (typeof filterCategories)[number]): EventTypeCode[] {
  if (filter === 'Muu tapahtuma') return ['muu', 'elokuva'];
  return eventTypes.filter((type) => type.name === filter).map((type) => type.code);
}
