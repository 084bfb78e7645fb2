import { describe, expect, it } from 'vitest';
import { type BuildManifest, staticChunkFiles } from './build-manifest.ts';

describe('staticChunkFiles', () => {
  // entry → app → (mui → styles → react, react), router → react; styles and react are shared.
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index.js', imports: ['_app', '_router'] },
    _app: { file: 'assets/app.js', imports: ['_mui', '_styles'] },
    _mui: { file: 'assets/mui.js', imports: ['_styles', '_react'] },
    _styles: { file: 'assets/styles.js', imports: ['_react'] },
    _router: { file: 'assets/router.js', imports: ['_react'] },
    _react: { file: 'assets/react.js' },
    'src/lazy-page.tsx': { file: 'assets/lazy-page.js', imports: ['index.html'] },
  };

  it('lists every chunk a chunk needs once, each after the chunks it imports, the chunk itself last', () => {
    const files = staticChunkFiles(manifest, 'index.html');
    expect(files).toHaveLength(6);
    expect(new Set(files).size).toBe(6);
    expect(files.at(-1)).toBe('/assets/index.js');
    for (const [key, chunk] of Object.entries(manifest)) {
      if (key === 'src/lazy-page.tsx') continue;
      for (const imported of chunk.imports ?? []) {
        const importedFile = `/${manifest[imported]?.file}`;
        expect(files.indexOf(importedFile), `${imported} before ${key}`).toBeLessThan(
          files.indexOf(`/${chunk.file}`),
        );
      }
    }
  });

  it("includes what a lazy page's chunk imports, the app's entry too", () => {
    const files = staticChunkFiles(manifest, 'src/lazy-page.tsx');
    expect(files.at(-1)).toBe('/assets/lazy-page.js');
    expect(files).toContain('/assets/index.js');
    expect(files).toContain('/assets/react.js');
  });

  it('has nothing for a chunk the manifest does not have', () => {
    expect(staticChunkFiles(manifest, 'src/missing.tsx')).toEqual([]);
  });
});
