import { complaintWindowEnd } from './complaint-window.ts';
import { addDays, helsinkiDate, helsinkiDateTime } from './dates.ts';

// When a seller is paid (the terms: at least 48 hours after the event's start and at the latest 3
// working days after the event, if the buyer has not complained; docs/decisions/030). The payout
// rule, the seller's sales in the profile and the texts all read it from here.

/** Calendar days after the event's day on which the reclamation deadline falls (spec 02 §7). */
export const reclamationDays = 3;

/**
 * The moment a sale with no complaint becomes ready for payment: the start of the third day after
 * the event's day in Helsinki (the spec's "event date plus 3 days"), never before the complaint
 * window has closed.
 */
export function reclamationDeadline(eventStart: Date): Date {
  const thirdDay = helsinkiDateTime(addDays(helsinkiDate(eventStart), reclamationDays), '00:00');
  const windowEnd = complaintWindowEnd(eventStart);
  return thirdDay > windowEnd ? thirdDay : windowEnd;
}

/** Easter Sunday of a Gregorian year, 'YYYY-MM-DD' (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day of the given weekday (0 = Sunday) within the seven days from `from`. */
function weekdayFrom(from: string, weekday: number): string {
  const day = new Date(`${from}T00:00:00Z`).getUTCDay();
  return addDays(from, (weekday - day + 7) % 7);
}

/**
 * Finland's public holidays and the days banks keep closed (juhannusaatto, jouluaatto) of a year,
 * 'YYYY-MM-DD' → name. Those always on a Sunday (pääsiäispäivä, helluntai) are weekends anyway.
 */
export function finnishHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year);
  const midsummerEve = weekdayFrom(`${year}-06-19`, 5);
  return new Map([
    [`${year}-01-01`, 'uudenvuodenpäivä'],
    [`${year}-01-06`, 'loppiainen'],
    [addDays(easter, -2), 'pitkäperjantai'],
    [easter, 'pääsiäispäivä'],
    [addDays(easter, 1), '2. pääsiäispäivä'],
    [`${year}-05-01`, 'vappu'],
    [addDays(easter, 39), 'helatorstai'],
    [addDays(easter, 49), 'helluntaipäivä'],
    [midsummerEve, 'juhannusaatto'],
    [addDays(midsummerEve, 1), 'juhannuspäivä'],
    [weekdayFrom(`${year}-10-31`, 6), 'pyhäinpäivä'],
    [`${year}-12-06`, 'itsenäisyyspäivä'],
    [`${year}-12-24`, 'jouluaatto'],
    [`${year}-12-25`, 'joulupäivä'],
    [`${year}-12-26`, 'tapaninpäivä'],
  ]);
}

/** A weekday that is no Finnish public holiday: a day the bank transfer can be made. */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !finnishHolidays(Number(date.slice(0, 4))).has(date);
}

/** The first working day on or after `date`. */
function workingDayFrom(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The day the seller of a sale with no complaint is paid, 'YYYY-MM-DD' in Helsinki: the first
 * working day on which the reclamation deadline has passed. Never earlier than 48 hours after the
 * start, never later than the third working day after the event's day.
 */
export function expectedPayoutDate(eventStart: Date): string {
  return workingDayFrom(helsinkiDate(reclamationDeadline(eventStart)));
}
