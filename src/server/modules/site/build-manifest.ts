import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The output of `npm run build` the server serves: the client, and the home page's prerenderer
// built for Node (scripts/prerender-plugin.ts).
export const clientDistDir = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
export const prerendererFile = fileURLToPath(
  new URL('../../../../dist/prerender/prerender.js', import.meta.url),
);

/**
 * What a production start misses of the build, or undefined when it is all there. Development
 * builds on `npm start` (scripts/build-client.ts); production never does, since Vite is a
 * devDependency a production image leaves out.
 */
export function productionBuildProblem(files = { clientDistDir, prerendererFile }): string | undefined {
  const needed = [
    path.join(files.clientDistDir, 'index.html'),
    path.join(files.clientDistDir, '.vite/manifest.json'),
    files.prerendererFile,
  ];
  const missing = needed.filter((file) => !existsSync(file));
  if (missing.length === 0) return undefined;
  return `The client build is missing (${missing.join(', ')}). Run \`npm run build\` before starting with NODE_ENV=production: a production server serves that build and never builds it itself.`;
}

/** Vite's build manifest (dist/client/.vite/manifest.json): each chunk's file and static imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isDynamicEntry?: boolean }>;

export function readBuildManifest(clientDistDir: string): BuildManifest | undefined {
  const file = path.join(clientDistDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : undefined;
}

/**
 * The files a chunk needs before it runs: those of every chunk it imports statically, recursively,
 * each after the chunks it imports itself, then its own (so evaluating them in this order never
 * evaluates a chunk before its imports), as URL paths ('/assets/…').
 */
export function staticChunkFiles(manifest: BuildManifest, key: string): string[] {
  const visited = new Set<string>();
  const files: string[] = [];
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || visited.has(chunkKey)) return;
    visited.add(chunkKey);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(`/${chunk.file}`);
  };
  visit(key);
  return files;
}
