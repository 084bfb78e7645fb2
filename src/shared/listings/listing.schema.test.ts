import { describe, expect, it } from 'vitest';
import { addDays, helsinkiDate } from '../dates.ts';
import { type ListingFormInput, listingFormSchema, listingSteps } from './listing.schema.ts';

const today = helsinkiDate(new Date());

const valid: ListingFormInput = {
  eventName: 'Kevätsoitto Areenakonsertti',
  location: 'Helsinki',
  eventVenue: 'Helsingin Areena',
  eventDate: addDays(today, 10),
  eventTime: '19:00',
  hasMultipleDays: false,
  eventEndDate: '',
  eventType: 'konsertti',
  ticketType: 'Peruslippu',
  ticketCount: 2,
  hasAssignedSeat: 'kylla',
  seatInfo: [
    { sector: 'A', row: '1', seat: '1' },
    { sector: '', row: '', seat: '2' },
  ],
  originalPrice: '100',
  sellingPrice: '90,50',
  hasAdditionalFee: 'kylla',
  additionalFees: '15.00',
  deliveryMethod: 'pdf',
  additionalInfo: '',
  iban: 'fi21 1234 5600 0007 85',
  termsAccepted: true,
};

/** The messages of the issues the schema finds, by field path. */
function issues(overrides: Partial<ListingFormInput>): Record<string, string[]> {
  const result = listingFormSchema.safeParse({ ...valid, ...overrides });
  const found: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    found[key] = [...(found[key] ?? []), issue.message];
  }
  return found;
}

describe('listingFormSchema (spec 02 §5)', () => {
  it('accepts a full listing, trims it and normalises the IBAN', () => {
    const parsed = listingFormSchema.parse({ ...valid, eventName: '  Kevätsoitto  ' });
    expect(parsed.eventName).toBe('Kevätsoitto');
    expect(parsed.iban).toBe('FI2112345600000785');
  });

  it.each([
    [{ eventName: '' }, 'eventName', 'Tapahtuman nimi on pakollinen'],
    [{ eventName: 'ab' }, 'eventName', 'Tapahtuman nimen tulee olla vähintään 3 merkkiä'],
    [{ eventName: 'x'.repeat(101) }, 'eventName', 'Tapahtuman nimen tulee olla enintään 100 merkkiä'],
    [{ location: '' }, 'location', 'Kaupunki on pakollinen'],
    [{ eventVenue: 'ab' }, 'eventVenue', 'Tapahtumapaikan nimen tulee olla vähintään 3 merkkiä'],
    [{ eventDate: '' }, 'eventDate', 'Tapahtuman ajankohta on pakollinen'],
    [{ eventDate: '2026-02-30' }, 'eventDate', 'Syötä kelvollinen päivämäärä muodossa pp.kk.vvvv'],
    [{ eventDate: addDays(today, -1) }, 'eventDate', 'Tapahtuman täytyy olla tulevaisuudessa'],
    [{ eventTime: '' }, 'eventTime', 'Kellonaika on pakollinen'],
    [{ eventTime: '7:5' }, 'eventTime', 'Syötä kelvollinen kellonaika muodossa HH:MM'],
    [{ hasMultipleDays: true, eventEndDate: '' }, 'eventEndDate', 'Päättymispäivä on pakollinen'],
    [
      { hasMultipleDays: true, eventEndDate: addDays(today, 10) },
      'eventEndDate',
      'Päättymispäivän tulee olla vähintään päivä alkamispäivän jälkeen',
    ],
    [{ eventType: '' as 'muu' }, 'eventType', 'Tapahtumatyyppi on pakollinen'],
    [{ ticketType: 'Muu, mikä?' }, 'ticketType', 'Kirjoita lippusi tyyppi'],
    [{ ticketType: 'X' }, 'ticketType', 'Lipputyypin tulee olla vähintään 2 merkkiä'],
    [{ ticketCount: 0 }, 'ticketCount', 'Voit myydä enintään 6 lippua kerralla'],
    [{ ticketCount: 2.5 }, 'ticketCount', 'Voit myydä enintään 6 lippua kerralla'],
    [{ hasAssignedSeat: '' as 'ei' }, 'hasAssignedSeat', "Valitse 'Kyllä' tai 'Ei'."],
    [{ seatInfo: [] }, 'seatInfo', 'Istumapaikkatiedot puuttuvat'],
    [
      {
        seatInfo: [
          { sector: 'A', row: '', seat: '' },
          { sector: ' ', row: '', seat: '' },
        ],
      },
      'seatInfo.1.sector',
      'Lipun 2 paikkatiedoista vähintään yksi kenttä (Sektori, Rivi tai Paikka) tulee täyttää',
    ],
    [{ originalPrice: '' }, 'originalPrice', 'Hinta on pakollinen'],
    [{ originalPrice: '12,345' }, 'originalPrice', 'Syötä hinta muodossa 00 tai 00,00 tai 00.0'],
    [{ originalPrice: '-1' }, 'originalPrice', 'Hinnan tulee olla positiivinen'],
    [{ originalPrice: '1000,01' }, 'originalPrice', 'Alkuperäinen hinta ei voi olla korkeampi kuin 1000 €'],
    [{ sellingPrice: '4,99' }, 'sellingPrice', 'Hinnan tulee olla vähintään 5 €'],
    [{ sellingPrice: '100,01' }, 'sellingPrice', 'Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta'],
    [
      { originalPrice: '1000', sellingPrice: '1000,50' },
      'sellingPrice',
      'Palvelussa ei voi asettaa myyntihinnaksi yli 1000 €',
    ],
    [
      { additionalFees: '15,01' },
      'additionalFees',
      'Voit lisätä palvelumaksuja maksimissaan 15% alkuperäisestä hinnasta',
    ],
    [{ additionalFees: 'abc' }, 'additionalFees', 'Syötä hinta muodossa 00 tai 00,00 tai 00.0'],
    [{ additionalInfo: 'x'.repeat(301) }, 'additionalInfo', 'Lisätiedot voi olla enintään 300 merkkiä pitkä'],
    [{ iban: '' }, 'iban', 'IBAN on pakollinen, jotta voit vastaanottaa maksuja'],
    [
      { iban: 'FI21 1234 5600 0007 86' },
      'iban',
      'Syötä voimassa oleva suomalainen IBAN-numero (FI + 16 numeroa)',
    ],
    [{ termsAccepted: false as true }, 'termsAccepted', 'Käyttöehdot tulee hyväksyä'],
  ] as [Partial<ListingFormInput>, string, string][])('%j → %s: %s', (overrides, field, message) => {
    expect(issues(overrides)[field]).toContain(message);
  });

  it('checks the prices while later steps are still empty (the wizard checks one step at a time)', () => {
    const result = listingFormSchema.safeParse({
      ...valid,
      termsAccepted: false,
      eventType: '',
      iban: '',
      sellingPrice: '120',
    });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta');
  });

  it('asks nothing of seats, end dates or fees that were answered no', () => {
    expect(
      issues({
        hasAssignedSeat: 'ei',
        seatInfo: [],
        hasAdditionalFee: 'ei',
        additionalFees: 'roskaa',
        eventEndDate: 'x',
      }),
    ).toEqual({});
  });

  it('names every field of the form in exactly one step', () => {
    const fields = listingSteps.flatMap((step) => step.fields);
    expect(new Set(fields).size).toBe(fields.length);
    const asked = Object.keys(valid).filter((key) => !['eventImage', 'imageSource'].includes(key));
    expect([...fields].sort()).toEqual(asked.sort());
  });
});
