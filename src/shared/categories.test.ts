import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultImageCounts, defaultImageForEvent, type EventTypeCode } from './categories.ts';

const codes = Object.keys(defaultImageCounts) as EventTypeCode[];

describe('defaultImageForEvent', () => {
  it('gives a sport the picture of its sport', () => {
    expect(defaultImageForEvent('urheilu', 'Jääkiekon paikallisderby')).toBe(
      '/defaults/events/urheilu/2.webp',
    );
    expect(defaultImageForEvent('urheilu', 'JÄÄKIEKKO: Tappara – Ilves')).toBe(
      '/defaults/events/urheilu/2.webp',
    );
    expect(defaultImageForEvent('urheilu', 'Jalkapallon Veikkausliiga')).toBe(
      '/defaults/events/urheilu/1.webp',
    );
  });

  it('gives a concert and a stage show the picture of their kind', () => {
    expect(defaultImageForEvent('konsertti', 'Uudenvuoden sinfoniakonsertti')).toBe(
      '/defaults/events/konsertti/2.webp',
    );
    expect(defaultImageForEvent('konsertti', 'Tuomiokirkon kuorokonsertti')).toBe(
      '/defaults/events/konsertti/2.webp',
    );
    expect(defaultImageForEvent('konsertti', 'Jazz-kellarin joulukonsertti')).toBe(
      '/defaults/events/konsertti/3.webp',
    );
    expect(defaultImageForEvent('konsertti', 'Pohjoinen Rock -kiertue')).toBe(
      '/defaults/events/konsertti/1.webp',
    );
    expect(defaultImageForEvent('teatteri', 'Pähkinänsärkijä-baletti')).toBe(
      '/defaults/events/teatteri/2.webp',
    );
  });

  it("gives the same event the same one of its type's pictures, whatever the letter case (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.string({ maxLength: 40 }), (code, name) => {
        const image = defaultImageForEvent(code, name);
        expect(defaultImageForEvent(code, ` ${name.toUpperCase()} `)).toBe(
          defaultImageForEvent(code, name.toUpperCase()),
        );
        const n = Number(/^\/defaults\/events\/([a-z]+)\/(\d+)\.webp$/.exec(image)?.[2]);
        expect(image.startsWith(`/defaults/events/${code}/`)).toBe(true);
        expect(n >= 1 && n <= defaultImageCounts[code]).toBe(true);
      }),
    );
  });
});
