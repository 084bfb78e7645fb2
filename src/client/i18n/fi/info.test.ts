import { describe, expect, it } from 'vitest';
import { type DocumentBlock, faqBuying, type RichText, termsText } from './info.ts';

// An upheld complaint refunds the whole payment (decision 035): the cap of 300 € a ticket and
// 600 € a customer may only limit what is paid beyond it, never the refund itself.

const plain = (text: RichText): string =>
  typeof text === 'string'
    ? text
    : text.map((part) => (typeof part === 'string' ? part : part.text)).join('');

const blockText = (block: DocumentBlock): string =>
  typeof block === 'string'
    ? block
    : 'list' in block
      ? block.list.join(' ')
      : block.details.map((row) => `${row.label} ${row.value}`).join(' ');

const section = (number: number): string => {
  const found = termsText.sections.find((s) => s.title.startsWith(`${number}. `));
  if (!found) throw new Error(`no section ${number}`);
  return found.blocks.map(blockText).join(' ');
};

/** The texts read as one would: no-break spaces as spaces. */
const normal = (text: string): string => text.replace(/\u00a0/g, ' ');

describe('what the terms and the FAQ promise about an upheld complaint', () => {
  it('the terms refund the whole payment and cap only the compensation beyond it', () => {
    const complaints = normal(section(7));
    expect(complaints).toContain(
      'Jos reklamaatio on aiheellinen, palautamme ostajalle aina koko lipusta maksetun summan palvelumaksuineen',
    );
    expect(complaints).toContain(
      'Enimmäismäärä 300 € lippua kohden ja 600 € asiakasta kohden koskee vain hyvitystä, joka maksetaan palautuksen lisäksi.',
    );
    expect(normal(section(9))).toContain(
      'lipusta maksettu summa palautetaan aina kokonaan, ja sen lisäksi maksettava hyvitys on enintään 300 € lippua kohden ja 600 € asiakasta kohden.',
    );
  });

  it('the FAQ says the same', () => {
    const answer = faqBuying.find((item) => item.question === 'Mitä teen, jos lippu ei toimi?');
    expect(answer).toBeDefined();
    const text = normal(plain(answer?.answer ?? ''));
    expect(text).toContain(
      'Aiheellisesta reklamaatiosta palautamme aina koko maksamasi summan palvelumaksuineen.',
    );
    expect(text).toContain(
      'Enimmäismäärä 300 € lippua ja 600 € asiakasta kohden koskee vain hyvitystä, jonka maksamme palautuksen lisäksi.',
    );
  });

  it('no text caps the refund itself', () => {
    const all = normal(
      [
        ...termsText.sections.flatMap((s) => s.blocks.map(blockText)),
        ...faqBuying.map((item) => plain(item.answer)),
      ].join('\n'),
    );
    expect(all).not.toMatch(/palvelumaksuineen, enintään/);
  });
});
