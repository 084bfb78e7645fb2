import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (dist/client/.vite/manifest.json): each chunk's file and static imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

export function readBuildManifest(clientDistDir: string): BuildManifest | undefined {
  const file = path.join(clientDistDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : undefined;
}

/**
 * The files a chunk needs before it runs: its own and those of every chunk it imports statically,
 * recursively, as URL paths ('/assets/…').
 */
export function staticChunkFiles(manifest: BuildManifest, key: string): string[] {
  const files = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files];
}
