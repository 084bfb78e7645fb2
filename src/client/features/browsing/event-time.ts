// Dates of the ticket page in the product's time zone (Europe/Helsinki), without a date library.

const timeZone = 'Europe/Helsinki';
const isoDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const fiDate = new Intl.DateTimeFormat('fi-FI', {
  timeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const fiShortDate = new Intl.DateTimeFormat('fi-FI', { timeZone });

/** 'YYYY-MM-DD' of the instant in Helsinki. */
export function helsinkiDay(date: Date): string {
  return isoDay.format(date);
}

/** The event day is before today in Helsinki. */
export function isPastEvent(eventDate: string, now = new Date()): boolean {
  return helsinkiDay(new Date(eventDate)) < helsinkiDay(now);
}

/** fi-FI date; a multi-day event shows 'pp.kk.vvvv – pp.kk.vvvv'. */
export function formatEventDate(eventDate: string, endDate: string | null, multiDay: boolean): string {
  if (multiDay && endDate)
    return `${fiDate.format(new Date(eventDate))} – ${fiDate.format(new Date(endDate))}`;
  return fiShortDate.format(new Date(eventDate));
}

export function formatPurchaseDate(date: string): string {
  return fiShortDate.format(new Date(date));
}

/** Helsinki's UTC offset in ms at the given instant. */
function helsinkiOffsetMs(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The event's start as an instant: its Helsinki day at eventTime ('HH:MM'; midnight if missing). */
export function eventStart(eventDate: string, eventTime: string): number {
  const [year, month, day] = helsinkiDay(new Date(eventDate)).split('-').map(Number);
  const match = /^(\d{1,2})[:.](\d{2})/.exec(eventTime);
  const hours = match ? Number(match[1]) : 0;
  const minutes = match ? Number(match[2]) : 0;
  const wallClock = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hours, minutes);
  return wallClock - helsinkiOffsetMs(wallClock);
}
