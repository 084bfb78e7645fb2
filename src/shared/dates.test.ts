import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  finnishClockTime,
  finnishDate,
  finnishDateRange,
  finnishDateTime,
  finnishEventMoment,
  finnishTime,
  helsinkiDate,
  helsinkiDateTime,
} from './dates.ts';

// Node's Intl knows the Helsinki time zone; the helpers must agree with it without using it.
const inHelsinki = (options: Intl.DateTimeFormatOptions, locale = 'fi-FI') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Helsinki', ...options });
const instants = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});

/** 'YYYY-MM-DD HH:MM' on a Helsinki clock. */
const wallClock = inHelsinki(
  { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  'sv-SE',
);

describe('Helsinki dates', () => {
  it('give the Helsinki calendar day of any instant, across summer-time changes (property)', () => {
    const isoDay = inHelsinki({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'sv-SE');
    fc.assert(
      fc.property(instants, (instant) => {
        expect(helsinkiDate(instant)).toBe(isoDay.format(instant));
      }),
    );
  });

  it('change to and from summer time at 01:00 UTC on the last Sundays of March and October', () => {
    for (let year = 2020; year <= 2040; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (let step = -6; step <= 6; step++) {
          const instant = new Date(change + step * 30 * 60_000);
          const [date = '', time = ''] = wallClock.format(instant).split(' ');
          // In October 03:00–03:59 comes twice; either instant reads the same on a Helsinki clock.
          expect(wallClock.format(helsinkiDateTime(date, time))).toBe(`${date} ${time}`);
        }
      }
    }
    // Around midnight of the changes' days, too.
    expect(helsinkiDate(new Date('2026-03-28T21:59:59Z'))).toBe('2026-03-28');
    expect(helsinkiDate(new Date('2026-03-28T22:00:00Z'))).toBe('2026-03-29');
    expect(helsinkiDate(new Date('2026-10-24T20:59:59Z'))).toBe('2026-10-24');
    expect(helsinkiDate(new Date('2026-10-24T21:00:00Z'))).toBe('2026-10-25');
  });

  it('write the day as fi-FI does, with or without the weekday (property)', () => {
    const short = inHelsinki({});
    const weekday = inHelsinki({ weekday: 'short' });
    fc.assert(
      fc.property(instants, (instant) => {
        expect(finnishDate(instant)).toBe(short.format(instant));
        expect(finnishDate(instant, { weekday: true })).toBe(
          `${weekday.format(instant)} ${short.format(instant)}`,
        );
      }),
    );
  });

  it('write the Helsinki date and time of an instant as the logs show it (property)', () => {
    const dateTime = inHelsinki({ hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });
    const short = inHelsinki({});
    fc.assert(
      fc.property(instants, (instant) => {
        expect(finnishDateTime(instant)).toBe(`${short.format(instant)} klo ${dateTime.format(instant)}`);
      }),
    );
    expect(finnishDateTime(new Date('2026-12-24T16:30:00Z'))).toBe('24.12.2026 klo 18.30');
    expect(finnishDateTime(new Date('2027-06-01T06:05:00Z'))).toBe('1.6.2027 klo 9.05');
    // The time of day alone (when a hold ends): the same clock, summer and winter.
    expect(finnishClockTime(new Date('2027-06-01T06:05:00Z'))).toBe('klo 9.05');
    expect(finnishClockTime(new Date('2026-11-26T21:59:00Z'))).toBe('klo 23.59');
  });

  it('write times and event moments in one Finnish way', () => {
    expect(finnishTime('19:00')).toBe('klo 19.00');
    expect(finnishTime('09:05')).toBe('klo 9.05');
    expect(finnishTime('')).toBe('');
    const now = new Date('2026-11-24T10:00:00Z');
    // 27.11.2026 is a Friday in Helsinki; the stored date is the day's Helsinki midnight.
    const friday = helsinkiDateTime('2026-11-27', '00:00').toISOString();
    expect(finnishEventMoment({ eventDate: friday, eventTime: '18:30', eventEndDate: null }, now)).toBe(
      'pe 27.11. klo 18.30',
    );
    expect(finnishEventMoment({ eventDate: friday, eventTime: '', eventEndDate: null }, now)).toBe(
      'pe 27.11.',
    );
    const nextSummer = helsinkiDateTime('2027-06-25', '00:00').toISOString();
    expect(finnishEventMoment({ eventDate: nextSummer, eventTime: '12:00', eventEndDate: null }, now)).toBe(
      'pe 25.6.2027 klo 12.00',
    );
    expect(
      finnishEventMoment({ eventDate: nextSummer, eventTime: '12:00', eventEndDate: '2027-06-27' }, now),
    ).toBe('pe 25.6.2027 \u2013 su 27.6.2027');
    expect(finnishDateRange(new Date(nextSummer), new Date('2027-06-27'))).toBe(
      'pe 25.6.2027 \u2013 su 27.6.2027',
    );
  });

  it('turn a Helsinki wall-clock time into its instant (property)', () => {
    fc.assert(
      fc.property(
        instants.map((instant) => instant.toISOString().slice(0, 10)),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (date, hour, minute) => {
          // 03:00–03:59 on the last Sunday of March does not exist in Helsinki.
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const instant = helsinkiDateTime(date, time);
          if (wallClock.format(instant) !== `${date} ${time}`) expect(hour).toBe(3);
        },
      ),
    );
    expect(helsinkiDateTime('2026-12-24', '18:30').toISOString()).toBe('2026-12-24T16:30:00.000Z');
    expect(helsinkiDateTime('2026-06-24', '18:30').toISOString()).toBe('2026-06-24T15:30:00.000Z');
  });

  it('add days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
