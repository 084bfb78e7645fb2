// Event times are Helsinki wall-clock times. Helsinki's offset follows the EU summer-time rule,
// computed here rather than through Intl: an Intl formatter takes tens of milliseconds to make on
// a phone while the page starts, and this way the server and the browser agree to the character.

const minute = 60_000;

/** 01:00 UTC on the last Sunday of a month (0-based): when EU summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Minutes Helsinki is ahead of UTC at the given instant: 180 in summer time, 120 otherwise. */
function helsinkiOffsetMinutes(instant: Date): number {
  const year = instant.getUTCFullYear();
  const time = instant.getTime();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 180 : 120;
}

/** The Helsinki calendar day of an instant. */
function helsinkiDay(instant: Date): { year: number; month: number; day: number } {
  const wallClock = new Date(instant.getTime() + helsinkiOffsetMinutes(instant) * minute);
  return {
    year: wallClock.getUTCFullYear(),
    month: wallClock.getUTCMonth() + 1,
    day: wallClock.getUTCDate(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '2026-12-24' + '18:30' in Helsinki → the UTC instant. */
export function helsinkiDateTime(date: string, time: string): Date {
  const naive = new Date(`${date}T${time}:00Z`);
  const first = new Date(naive.getTime() - helsinkiOffsetMinutes(naive) * minute);
  // Second pass settles the few hours around a daylight-saving change.
  return new Date(naive.getTime() - helsinkiOffsetMinutes(first) * minute);
}

/** The Helsinki calendar date of an instant, as 'YYYY-MM-DD'. */
export function helsinkiDate(instant: Date): string {
  const { year, month, day } = helsinkiDay(instant);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The Helsinki date of an instant as Finns write it: '24.12.2026', or '01.03.2026' when `padded`. */
export function finnishDate(instant: Date, { padded = false } = {}): string {
  const { year, month, day } = helsinkiDay(instant);
  return padded ? `${twoDigits(day)}.${twoDigits(month)}.${year}` : `${day}.${month}.${year}`;
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
