import { describe, expect, it } from 'vitest';
import {
  eventSearchMessages,
  eventSearchQuerySchema,
  eventSearchResponseSchema,
  eventSearchResultSchema,
} from './event-search.schema.ts';

const firstMessage = (input: unknown) => {
  const parsed = eventSearchQuerySchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('eventSearchQuerySchema', () => {
  it('trims the search text', () => {
    expect(eventSearchQuerySchema.parse({ q: '  kevätsoitto ' })).toEqual({ q: 'kevätsoitto' });
  });

  it('accepts 1 to 100 characters after trimming', () => {
    expect(eventSearchQuerySchema.safeParse({ q: 'a' }).success).toBe(true);
    expect(eventSearchQuerySchema.safeParse({ q: `  ${'ä'.repeat(100)}  ` }).success).toBe(true);
    expect(firstMessage({ q: 'a'.repeat(101) })).toBe(eventSearchMessages.tooLong);
  });

  it('refuses a missing, empty or blank search with a Finnish message', () => {
    expect(firstMessage({})).toBe(eventSearchMessages.required);
    expect(firstMessage({ q: '' })).toBe(eventSearchMessages.required);
    expect(firstMessage({ q: ' \u00a0 ' })).toBe(eventSearchMessages.required);
  });

  it('refuses what is not text', () => {
    expect(firstMessage({ q: ['a', 'b'] })).toBe(eventSearchMessages.notText);
    expect(firstMessage({ q: 5 })).toBe(eventSearchMessages.notText);
  });

  it('refuses NUL bytes, control characters and lone surrogates', () => {
    for (const q of ['kevät\u0000', '\u0007soitto', 'a\tb', 'a\u009bb', 'a\ud800']) {
      expect(firstMessage({ q }), JSON.stringify(q)).toBe(eventSearchMessages.invalidCharacters);
    }
  });
});

describe('eventSearchResultSchema', () => {
  const valid = {
    id: 'x',
    name: 'Tapahtuma',
    dates: { start: { localDate: '2027-01-02', localTime: '19:00:00' } },
    images: [{ url: 'https://s1.ticketm.net/a.jpg', ratio: '16_9', width: 640 }],
  };

  it('accepts the spec shape, with our own image paths', () => {
    expect(eventSearchResultSchema.safeParse(valid).success).toBe(true);
    const local = {
      ...valid,
      images: [{ url: '/defaults/events/konsertti/1.webp' }],
      eventType: 'konsertti',
    };
    expect(eventSearchResultSchema.safeParse(local).success).toBe(true);
  });

  it('refuses image URLs of other schemes or hosts without https', () => {
    for (const url of ['javascript:alert(1)', 'http://example.com/a.jpg', '//evil.example/a.jpg', 'data:x']) {
      expect(eventSearchResultSchema.safeParse({ ...valid, images: [{ url }] }).success, url).toBe(false);
    }
  });

  it('refuses an unknown event type and malformed dates', () => {
    expect(eventSearchResultSchema.safeParse({ ...valid, eventType: 'Music' }).success).toBe(false);
    expect(
      eventSearchResultSchema.safeParse({ ...valid, dates: { start: { localDate: '2.1.2027' } } }).success,
    ).toBe(false);
  });

  it('answers at most 10 events', () => {
    expect(eventSearchResponseSchema.safeParse({ events: Array(10).fill(valid) }).success).toBe(true);
    expect(eventSearchResponseSchema.safeParse({ events: Array(11).fill(valid) }).success).toBe(false);
  });
});
