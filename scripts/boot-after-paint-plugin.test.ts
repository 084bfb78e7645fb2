import { describe, expect, it } from 'vitest';
import { dependenciesFirst } from './boot-after-paint-plugin.ts';

describe('dependenciesFirst', () => {
  it('lists every chunk after the chunks it imports, each once, the entry last', () => {
    // entry → app → (mui → styles → react), (router → react); styles is shared.
    const manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_app', '_router'] },
      _app: { file: 'assets/app.js', imports: ['_mui', '_styles'] },
      _mui: { file: 'assets/mui.js', imports: ['_styles', '_react'] },
      _styles: { file: 'assets/styles.js', imports: ['_react'] },
      _router: { file: 'assets/router.js', imports: ['_react'] },
      _react: { file: 'assets/react.js' },
    };
    const order = dependenciesFirst(manifest, 'index.html');
    expect(order).toHaveLength(6);
    expect(order.at(-1)).toBe('/assets/index.js');
    for (const [key, chunk] of Object.entries(manifest)) {
      const position = order.indexOf(`/${chunk.file}`);
      for (const imported of 'imports' in chunk ? chunk.imports : []) {
        expect(
          order.indexOf(`/${manifest[imported as keyof typeof manifest].file}`),
          `${imported} before ${key}`,
        ).toBeLessThan(position);
      }
    }
  });

  it('refuses a manifest that names a chunk it does not have', () => {
    expect(() =>
      dependenciesFirst({ 'index.html': { file: 'a.js', imports: ['_gone'] } }, 'index.html'),
    ).toThrow(/_gone/);
  });
});
