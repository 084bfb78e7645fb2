import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultImageForEvent, type EventTypeCode } from '#shared/categories.ts';
import { eventSearchResultSchema } from '#shared/listings/event-search.schema.ts';
import { foldForSearch } from '#shared/search-text.ts';
import { events } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EventCatalog } from './event-catalog.ts';
import { createLocalEventCatalog } from './local-event-catalog.ts';

// The local catalogue on a fresh database, with a clock fixed at 10 March 2027 in Helsinki.

let t: TestApp;
let catalog: EventCatalog;
const now = new Date('2027-03-10T10:00:00Z');

interface Row {
  id: string;
  name: string;
  type?: string;
  start: string;
  time?: string | null;
  end?: string | null;
  venue?: string;
  city?: string;
  imageUrl?: string | null;
}

const row = ({
  id,
  name,
  type = 'muu',
  start,
  time = '19:00',
  end = null,
  venue = 'Paikka',
  city = 'Helsinki',
  imageUrl,
}: Row) => ({
  id,
  name,
  eventType: type,
  startDate: start,
  startTime: time,
  endDate: end,
  venue,
  city,
  imageUrl: imageUrl === undefined ? defaultImageForEvent(type as EventTypeCode, name) : imageUrl,
  // As the seed writes it (seed/demo-data.ts).
  searchText: foldForSearch(`${name} ${venue} ${city}`),
});

beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.insert(events).values([
    row({
      id: 'derby',
      name: 'Jääkiekon paikallisderby',
      type: 'urheilu',
      start: '2027-03-13',
      time: '18:30',
      venue: 'Nokia Arena',
      city: 'Tampere',
    }),
    row({
      id: 'kevat',
      name: 'Kevätsoitto Areenakonsertti',
      type: 'konsertti',
      start: '2027-03-16',
      venue: 'Nokia Arena',
      city: 'Tampere',
    }),
    row({
      id: 'kevat-late',
      name: 'Kevätsoitto Areenakonsertti',
      type: 'konsertti',
      start: '2027-03-16',
      time: '21:00',
      venue: 'Nokia Arena',
      city: 'Tampere',
    }),
    row({
      id: 'kevat-no-time',
      name: 'Kevätsoitto Areenakonsertti',
      type: 'konsertti',
      start: '2027-03-16',
      time: null,
      venue: 'Nokia Arena',
      city: 'Tampere',
    }),
    row({ id: 'yesterday', name: 'Eilinen konsertti', type: 'konsertti', start: '2027-03-09' }),
    row({
      id: 'today',
      name: 'Tämän päivän konsertti',
      type: 'konsertti',
      start: '2027-03-10',
      time: '09:00',
    }),
    row({
      id: 'festival-on',
      name: 'Talvifestivaali Lumi',
      type: 'festivaali',
      start: '2027-03-08',
      end: '2027-03-12',
      time: '12:00',
      city: 'Rovaniemi',
    }),
    row({
      id: 'festival-over',
      name: 'Talvifestivaali Jää',
      type: 'festivaali',
      start: '2027-03-05',
      end: '2027-03-09',
      city: 'Rovaniemi',
    }),
    row({ id: 'percent', name: '100% Hitit', type: 'konsertti', start: '2027-04-01' }),
    row({ id: 'hundred', name: '1000 Hittiä', type: 'konsertti', start: '2027-04-02' }),
    row({ id: 'underscore', name: 'Kesä_festari', type: 'festivaali', start: '2027-06-01' }),
    row({ id: 'kesa', name: 'Kesäafestari', type: 'festivaali', start: '2027-06-02' }),
    row({
      id: 'own-image',
      name: 'Oma kuva -näyttely',
      type: 'nayttely',
      start: '2027-05-01',
      imageUrl: 'https://kuvat.example/oma.webp',
    }),
    row({
      id: 'no-image',
      name: 'Kuvaton näyttely',
      type: 'nayttely',
      start: '2027-05-02',
      imageUrl: null,
    }),
    row({ id: 'odd-type', name: 'Outo tyyppi -tapahtuma', type: 'sirkus', start: '2027-05-03' }),
  ]);
  catalog = createLocalEventCatalog(t.app.db, { now: () => now });
});
afterAll(() => t.close());

const ids = async (query: string, limit = 10) =>
  (await catalog.search(query, limit)).map((event) => event.id);

describe('the local event catalogue', () => {
  it('finds events whatever the case and accents', async () => {
    expect(await ids('KEVATSOITTO')).toEqual(['kevat', 'kevat-late', 'kevat-no-time']);
    expect(await ids('kevätsoitto')).toEqual(['kevat', 'kevat-late', 'kevat-no-time']);
    expect(await ids('jääkiekon')).toEqual(['derby']);
  });

  it('matches every word, in any order, in the name, venue or city', async () => {
    expect(await ids('jaakiekko tampere')).toEqual(['derby']);
    expect(await ids('tampere nokia')).toEqual(['derby', 'kevat', 'kevat-late', 'kevat-no-time']);
    expect(await ids('jaakiekko helsinki')).toEqual([]);
  });

  it('answers only events that start, or end, today or later in Helsinki, soonest first', async () => {
    expect(await ids('konsertti')).toEqual(['today', 'kevat', 'kevat-late', 'kevat-no-time']);
    expect(await ids('talvifestivaali')).toEqual(['festival-on']);
  });

  it('counts the day in Helsinki, not in UTC', async () => {
    // 22.30 UTC on 9 March is 00.30 on 10 March in Helsinki: yesterday's event is over.
    const lateEvening = createLocalEventCatalog(t.app.db, { now: () => new Date('2027-03-09T22:30:00Z') });
    expect((await lateEvening.search('eilinen', 10)).map((event) => event.id)).toEqual([]);
    const earlier = createLocalEventCatalog(t.app.db, { now: () => new Date('2027-03-09T21:30:00Z') });
    expect((await earlier.search('eilinen', 10)).map((event) => event.id)).toEqual(['yesterday']);
  });

  it('takes % and _ literally', async () => {
    expect(await ids('100%')).toEqual(['percent']);
    expect(await ids('%')).toEqual(['percent']);
    expect(await ids('kesä_festari')).toEqual(['underscore']);
    expect(await ids('_')).toEqual(['underscore']);
    expect(await ids('\\')).toEqual([]);
  });

  it('answers at most the limit, and nothing for a blank query', async () => {
    expect(await ids('nokia arena', 2)).toEqual(['derby', 'kevat']);
    expect(await ids('   ')).toEqual([]);
    expect(await ids('kevat', 0)).toEqual([]);
  });

  it('gives each event in the result shape, with its default picture as a 16:9, 1200 px image', async () => {
    const [derby] = await catalog.search('paikallisderby', 10);
    expect(derby).toEqual({
      id: 'derby',
      name: 'Jääkiekon paikallisderby',
      dates: { start: { localDate: '2027-03-13', localTime: '18:30' } },
      venue: { name: 'Nokia Arena' },
      city: { name: 'Tampere' },
      images: [{ url: '/defaults/events/urheilu/2.webp', ratio: '16_9', width: 1200 }],
      eventType: 'urheilu',
    });
    const [noTime] = await catalog.search('kevatsoitto', 10).then((found) => found.slice(2));
    expect(noTime?.dates.start).toEqual({ localDate: '2027-03-16' });
    for (const event of await catalog.search('a', 10))
      expect(eventSearchResultSchema.safeParse(event).success, event.id).toBe(true);
  });

  it('passes other pictures without a size, none when there is none, and no unknown type', async () => {
    const [own] = await catalog.search('oma kuva', 10);
    expect(own?.images).toEqual([{ url: 'https://kuvat.example/oma.webp' }]);
    const [none] = await catalog.search('kuvaton', 10);
    expect(none?.images).toEqual([]);
    const [odd] = await catalog.search('outo tyyppi', 10);
    expect(odd).not.toHaveProperty('eventType');
  });
});
