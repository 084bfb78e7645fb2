import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BuildManifest, productionBuildProblem, staticChunkFiles } from './build-manifest.ts';

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

describe('productionBuildProblem', () => {
  it('names each missing file of the build and tells to run npm run build', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lipputori-build-'));
    try {
      const files = {
        clientDistDir: path.join(dir, 'client'),
        prerendererFile: path.join(dir, 'prerender/prerender.js'),
      };
      const problem = productionBuildProblem(files);
      expect(problem).toContain(path.join(dir, 'client/index.html'));
      expect(problem).toContain(path.join(dir, 'client/.vite/manifest.json'));
      expect(problem).toContain(files.prerendererFile);
      expect(problem).toContain('Run `npm run build`');
      await mkdir(path.join(dir, 'client/.vite'), { recursive: true });
      await mkdir(path.join(dir, 'prerender'));
      await writeFile(path.join(dir, 'client/index.html'), '<html></html>');
      await writeFile(path.join(dir, 'client/.vite/manifest.json'), '{}');
      expect(productionBuildProblem(files)).toBe(
        `The client build is missing (${files.prerendererFile}). Run \`npm run build\` before starting with NODE_ENV=production: a production server serves that build and never builds it itself.`,
      );
      await writeFile(files.prerendererFile, 'export {};');
      expect(productionBuildProblem(files)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
