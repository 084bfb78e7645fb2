import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complaintWindowEnd } from './complaint-window.ts';
import { addDays, helsinkiDate, helsinkiDateTime } from './dates.ts';
import {
  easterSunday,
  expectedPayoutDate,
  finnishHolidays,
  isWorkingDay,
  reclamationDeadline,
} from './payout-date.ts';

const holidaysOf = (year: number) => Object.fromEntries(finnishHolidays(year));

describe('Finnish public holidays', () => {
  it('put Easter on the known Sundays', () => {
    expect(['2024', '2025', '2026', '2027', '2028', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2038-04-25',
    ]);
  });

  it('are the calendar of 2026', () => {
    expect(holidaysOf(2026)).toEqual({
      '2026-01-01': 'uudenvuodenpäivä',
      '2026-01-06': 'loppiainen',
      '2026-04-03': 'pitkäperjantai',
      '2026-04-05': 'pääsiäispäivä',
      '2026-04-06': '2. pääsiäispäivä',
      '2026-05-01': 'vappu',
      '2026-05-14': 'helatorstai',
      '2026-05-24': 'helluntaipäivä',
      '2026-06-19': 'juhannusaatto',
      '2026-06-20': 'juhannuspäivä',
      '2026-10-31': 'pyhäinpäivä',
      '2026-12-06': 'itsenäisyyspäivä',
      '2026-12-24': 'jouluaatto',
      '2026-12-25': 'joulupäivä',
      '2026-12-26': 'tapaninpäivä',
    });
  });

  it('move with Easter and the weekdays in 2025 and 2027', () => {
    expect(holidaysOf(2025)).toMatchObject({
      '2025-04-18': 'pitkäperjantai',
      '2025-04-21': '2. pääsiäispäivä',
      '2025-05-29': 'helatorstai',
      '2025-06-20': 'juhannusaatto',
      '2025-11-01': 'pyhäinpäivä',
    });
    expect(holidaysOf(2027)).toMatchObject({
      '2027-03-26': 'pitkäperjantai',
      '2027-03-29': '2. pääsiäispäivä',
      '2027-05-06': 'helatorstai',
      '2027-06-25': 'juhannusaatto',
      '2027-06-26': 'juhannuspäivä',
      '2027-11-06': 'pyhäinpäivä',
    });
  });

  it('are no working days, nor are weekends', () => {
    expect(isWorkingDay('2026-12-24')).toBe(false); // jouluaatto, a Thursday
    expect(isWorkingDay('2026-04-06')).toBe(false); // 2. pääsiäispäivä, a Monday
    expect(isWorkingDay('2026-11-28')).toBe(false); // a Saturday
    expect(isWorkingDay('2026-11-27')).toBe(true);
    expect(isWorkingDay('2026-12-28')).toBe(true);
  });
});

describe('the payout date', () => {
  const at = (date: string, time = '19:00') => helsinkiDateTime(date, time);

  it('is the third day after a Monday event, that day not before it starts', () => {
    expect(reclamationDeadline(at('2026-11-23'))).toEqual(at('2026-11-26', '00:00'));
    expect(expectedPayoutDate(at('2026-11-23'))).toBe('2026-11-26');
  });

  it('waits over the weekend and the holidays', () => {
    // A Friday event: Monday. A Wednesday event: the deadline is Saturday, paid Monday.
    expect(expectedPayoutDate(at('2026-11-27'))).toBe('2026-11-30');
    expect(expectedPayoutDate(at('2026-11-25'))).toBe('2026-11-30');
    // Maundy Thursday 2026: Sunday's deadline, then Easter Monday; paid Tuesday.
    expect(expectedPayoutDate(at('2026-04-02'))).toBe('2026-04-07');
    // Before Christmas: 22.12.2026 (Tue) → 25.12. is joulupäivä, 26.–27. weekend, paid Monday 28.12.
    expect(expectedPayoutDate(at('2026-12-22'))).toBe('2026-12-28');
    // Midsummer 2027: Wednesday 23.6. → Saturday; paid Monday 28.6.
    expect(expectedPayoutDate(at('2027-06-23'))).toBe('2027-06-28');
  });

  it('never falls within the complaint window nor past the third working day (property)', () => {
    const starts = fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2040-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(starts, (start) => {
        const deadline = reclamationDeadline(start);
        expect(deadline.getTime()).toBeGreaterThanOrEqual(complaintWindowEnd(start).getTime());
        const paid = expectedPayoutDate(start);
        expect(isWorkingDay(paid)).toBe(true);
        expect(paid >= helsinkiDate(deadline)).toBe(true);
        let workingDays = 0;
        for (let day = addDays(helsinkiDate(start), 1); day <= paid; day = addDays(day, 1))
          if (isWorkingDay(day)) workingDays++;
        expect(workingDays).toBeLessThanOrEqual(3);
      }),
    );
  });
});
