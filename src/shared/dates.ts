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

/** The Helsinki calendar day of an instant; weekday 0 is Sunday. */
function helsinkiDay(instant: Date): { year: number; month: number; day: number; weekday: number } {
  const wallClock = new Date(instant.getTime() + helsinkiOffsetMinutes(instant) * minute);
  return {
    year: wallClock.getUTCFullYear(),
    month: wallClock.getUTCMonth() + 1,
    day: wallClock.getUTCDate(),
    weekday: wallClock.getUTCDay(),
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

// One way of writing a date everywhere (cards, ticket page, mails, link previews): '27.6.2027',
// with the weekday where it helps ('la 27.6.2027'), a time as 'klo 19.00'.

const weekdays = ['su', 'ma', 'ti', 'ke', 'to', 'pe', 'la'] as const;

/** The Helsinki date of an instant as Finns write it: '24.12.2026', or 'to 24.12.2026' with the weekday. */
export function finnishDate(instant: Date, { weekday = false } = {}): string {
  const { year, month, day, weekday: dayOfWeek } = helsinkiDay(instant);
  return `${weekday ? `${weekdays[dayOfWeek]} ` : ''}${day}.${month}.${year}`;
}

/** A time of day ('19:00', '9:05') as 'klo 19.00', 'klo 9.05'; '' when there is none. */
export function finnishTime(time: string): string {
  const match = /^(\d{1,2})[:.](\d{2})/.exec(time);
  return match ? `klo ${Number(match[1])}.${match[2]}` : '';
}

/** The Helsinki time of day of an instant: 'klo 18.30', 'klo 9.05'. */
export function finnishClockTime(instant: Date): string {
  const wallClock = new Date(instant.getTime() + helsinkiOffsetMinutes(instant) * minute);
  return `klo ${wallClock.getUTCHours()}.${twoDigits(wallClock.getUTCMinutes())}`;
}

/** An instant on a Helsinki clock, as a log shows it: '24.12.2026 klo 18.30'. */
export function finnishDateTime(instant: Date): string {
  return `${finnishDate(instant)} ${finnishClockTime(instant)}`;
}

/** A multi-day event's days: 'pe 26.6.2027 – su 28.6.2027'. */
export function finnishDateRange(start: Date, end: Date): string {
  return `${finnishDate(start, { weekday: true })} \u2013 ${finnishDate(end, { weekday: true })}`;
}

/**
 * An event's moment in short, as a list shows it: 'la 27.11. klo 18.30', the year written only when
 * it is not the current one ('la 5.6.2027 klo 18.30'); a multi-day event gives its days
 * ('pe 26.6. – su 28.6.').
 */
export function finnishEventMoment(
  event: { eventDate: string; eventTime: string; eventEndDate: string | null },
  now = new Date(),
): string {
  const thisYear = helsinkiDay(now).year;
  const short = (instant: Date) => {
    const { year, month, day, weekday } = helsinkiDay(instant);
    return `${weekdays[weekday]} ${day}.${month}.${year === thisYear ? '' : year}`;
  };
  const start = short(new Date(event.eventDate));
  if (event.eventEndDate) return `${start} \u2013 ${short(new Date(event.eventEndDate))}`;
  const time = finnishTime(event.eventTime);
  return time ? `${start} ${time}` : start;
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
