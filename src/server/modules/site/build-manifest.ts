import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
