import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autofillFromEvent, chooseEventImage } from './event-autofill.ts';
import type { EventSearchResult } from './event-search.schema.ts';

const result = (overrides: Partial<EventSearchResult> = {}): EventSearchResult => ({
  id: 'tm-1',
  name: 'Kevätsoitto Areenakonsertti',
  dates: { start: { localDate: '2027-05-14', localTime: '19:30:00' } },
  venue: { name: 'Nokia Arena' },
  city: { name: 'Tampere' },
  images: [{ url: 'https://img.example/a.jpg', ratio: '16_9', width: 640 }],
  eventType: 'konsertti',
  ...overrides,
});

describe('autofillFromEvent', () => {
  it('fills every field the result knows', () => {
    expect(autofillFromEvent(result())).toEqual({
      eventName: 'Kevätsoitto Areenakonsertti',
      eventDate: '2027-05-14',
      eventTime: '19:30',
      eventVenue: 'Nokia Arena',
      location: 'Tampere',
      eventImage: 'https://img.example/a.jpg',
      imageSource: 'api',
      eventType: 'konsertti',
    });
  });

  it('takes the first five characters of the start time, HH:MM as it is', () => {
    expect(
      autofillFromEvent(result({ dates: { start: { localDate: '2027-05-14', localTime: '09:05:59' } } })),
    ).toMatchObject({ eventTime: '09:05' });
    expect(
      autofillFromEvent(result({ dates: { start: { localDate: '2027-05-14', localTime: '18:00' } } })),
    ).toMatchObject({ eventTime: '18:00' });
  });

  it('leaves the time empty when the event has none', () => {
    const fields = autofillFromEvent(result({ dates: { start: { localDate: '2027-05-14' } } }));
    expect(fields.eventTime).toBe('');
    expect(fields.eventDate).toBe('2027-05-14');
  });

  it("leaves the venue out when it is 'Unknown' (or blank), so the field keeps what it holds", () => {
    for (const name of ['Unknown', ' unknown ', '']) {
      const fields = autofillFromEvent(result({ venue: { name } }));
      expect(fields).not.toHaveProperty('eventVenue');
      expect(fields.location).toBe('Tampere');
    }
    expect(autofillFromEvent(result({ venue: undefined }))).not.toHaveProperty('eventVenue');
    // A venue that merely contains the word is a venue.
    expect(autofillFromEvent(result({ venue: { name: 'Unknown Pleasures Bar' } })).eventVenue).toBe(
      'Unknown Pleasures Bar',
    );
  });

  it('leaves the location out when the result has no city', () => {
    expect(autofillFromEvent(result({ city: undefined }))).not.toHaveProperty('location');
  });

  it('sets no image and no image source when the result has no images', () => {
    const fields = autofillFromEvent(result({ images: [] }));
    expect(fields).not.toHaveProperty('eventImage');
    expect(fields).not.toHaveProperty('imageSource');
  });

  it('passes the event type only when the catalogue knows it', () => {
    expect(autofillFromEvent(result({ eventType: 'urheilu' })).eventType).toBe('urheilu');
    expect(autofillFromEvent(result({ eventType: undefined }))).not.toHaveProperty('eventType');
  });
});

describe('chooseEventImage', () => {
  const image = (width: number | undefined, ratio: string | undefined = '16_9') => ({
    url: `https://img.example/${ratio}-${width}.jpg`,
    ...(ratio === undefined ? {} : { ratio }),
    ...(width === undefined ? {} : { width }),
  });

  it('prefers the 16:9 image at least 500 px wide whose width is closest to 500', () => {
    const images = [image(305, '16_9'), image(1024, '16_9'), image(640, '16_9'), image(500, '3_2')];
    expect(chooseEventImage(images)).toEqual(image(640));
    expect(chooseEventImage([image(2048), image(500), image(499)])).toEqual(image(500));
  });

  it('takes the first image when no 16:9 image is wide enough', () => {
    const images = [image(640, '3_2'), image(305, '16_9'), image(undefined, undefined)];
    expect(chooseEventImage(images)).toEqual(image(640, '3_2'));
  });

  it('takes the first of equally good images', () => {
    const first = { url: 'https://img.example/first.jpg', ratio: '16_9', width: 640 };
    const second = { url: 'https://img.example/second.jpg', ratio: '16_9', width: 640 };
    expect(chooseEventImage([first, second])).toBe(first);
  });

  it('has nothing to choose from an empty list', () => {
    expect(chooseEventImage([])).toBeUndefined();
  });

  it('always picks a preferred image when there is one, and none closer to 500 exists (property)', () => {
    const anyImage = fc.record(
      {
        url: fc.nat().map((n) => `https://img.example/${n}.jpg`),
        ratio: fc.constantFrom('16_9', '3_2', '4_3'),
        width: fc.integer({ min: 0, max: 4096 }),
      },
      { requiredKeys: ['url'] },
    );
    fc.assert(
      fc.property(fc.array(anyImage, { maxLength: 12 }), (images) => {
        const chosen = chooseEventImage(images);
        const preferred = images.filter(
          (candidate) =>
            candidate.ratio === '16_9' && candidate.width !== undefined && candidate.width >= 500,
        );
        if (images.length === 0) {
          expect(chosen).toBeUndefined();
        } else if (preferred.length === 0) {
          expect(chosen).toBe(images[0]);
        } else {
          expect(preferred).toContain(chosen);
          const smallest = Math.min(...preferred.map((candidate) => candidate.width ?? 0));
          expect(chosen?.width).toBe(smallest);
          // the first of those with that width
          expect(chosen).toBe(preferred.find((candidate) => candidate.width === smallest));
        }
      }),
    );
  });
});
