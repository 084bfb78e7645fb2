import { describe, expect, it } from 'vitest';
import { capitalizeName, personName } from './person-name.ts';

describe('capitalizeName', () => {
  it('capitalises each part of a stored lower-case name', () => {
    expect(capitalizeName('matti meikäläinen')).toBe('Matti Meikäläinen');
    expect(capitalizeName('äijälä')).toBe('Äijälä');
    expect(capitalizeName('åsa')).toBe('Åsa');
    expect(capitalizeName('anna-liisa')).toBe('Anna-Liisa');
    expect(capitalizeName('juha-pekka matti')).toBe('Juha-Pekka Matti');
    expect(capitalizeName('virtanen-öhman')).toBe('Virtanen-Öhman');
    expect(capitalizeName("o'neill")).toBe("O'Neill");
  });

  it('keeps a particle before a surname small, and alone it is a name', () => {
    expect(capitalizeName('von wright')).toBe('von Wright');
    expect(capitalizeName('af forselles')).toBe('af Forselles');
    expect(capitalizeName('de')).toBe('De');
  });

  it('trims and joins the spaces, and leaves what is not a letter alone', () => {
    expect(capitalizeName('  maija   liisa ')).toBe('Maija Liisa');
    expect(capitalizeName('')).toBe('');
    expect(capitalizeName('   ')).toBe('');
    // A formula stays as typed: the CSV escapes it, the page shows it as text.
    expect(capitalizeName('=hyperlink("http://evil.example","x")')).toBe(
      '=hyperlink("http://evil.example","x")',
    );
    expect(capitalizeName('+358 40 123')).toBe('+358 40 123');
  });
});

describe('personName', () => {
  it('joins the capitalised first and last name, leaving out a missing one', () => {
    expect(personName({ firstName: 'anna-liisa', lastName: 'äijälä' })).toBe('Anna-Liisa Äijälä');
    expect(personName({ firstName: 'oona', lastName: null })).toBe('Oona');
    expect(personName({ firstName: null, lastName: 'von wright' })).toBe('von Wright');
    expect(personName({ firstName: ' ', lastName: undefined })).toBe('');
  });
});
