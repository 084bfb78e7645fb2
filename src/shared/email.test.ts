import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailAddressPattern } from './email.ts';

describe('the e-mail address rule', () => {
  it('accepts generated plain addresses (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(emailAddressPattern.test(email)).toBe(true);
      }),
    );
  });

  it('refuses text without an @, with spaces or with a second @ (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (!text.includes('@') || /\s/.test(text) || text.split('@').length > 2)
          expect(emailAddressPattern.test(text)).toBe(false);
      }),
    );
  });

  it.each([
    'x,y@evil.example',
    'x@good.fi,y@evil.example',
    'x@good.fi;y@evil.example',
    'Maija <maija@example.fi>',
    '"maija"@example.fi',
    'maija@example',
    'maija@example.fi (kommentti)',
    'maija@[127.0.0.1]',
    'maija@-example.fi',
    'maija@example..fi',
    'maija@exämple.fi',
  ])('refuses %j', (text) => {
    expect(emailAddressPattern.test(text)).toBe(false);
  });

  it.each(['maija.meikalainen@example.fi', 'm+lipputori@sub.example.co.uk', "o'brien@example.ie"])(
    'accepts %j',
    (text) => {
      expect(emailAddressPattern.test(text)).toBe(true);
    },
  );
});
