import { readFileSync, realpathSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Loaded with `node --import` into a server process: every module that only devDependencies bring
// (package-lock.json's `"dev": true` entries: vite, vitest, typescript, …) fails to resolve, as in
// an install with `--omit=dev`. Each refused name is written to stderr for the test to read.

const root = path.resolve(import.meta.dirname, '../../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean }>;
};
const nodeModules = realpathSync(path.join(root, 'node_modules'));

/** The lock file's key of the package a file belongs to: `node_modules/a/node_modules/@b/c`. */
function packageKey(file: string): string | undefined {
  if (!file.startsWith(`${nodeModules}${path.sep}`)) return undefined;
  const parts = path.relative(nodeModules, file).split(path.sep);
  let key = '';
  for (let i = 0; i < parts.length; ) {
    const name = parts[i]?.startsWith('@') ? `${parts[i]}/${parts[i + 1]}` : parts[i];
    key = `${key}node_modules/${name}`;
    i += name?.includes('/') ? 2 : 1;
    if (parts[i] !== 'node_modules') break;
    key = `${key}/`;
    i += 1;
  }
  return key;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (!resolved.url.startsWith('file:')) return resolved;
    const key = packageKey(realpathSync(fileURLToPath(resolved.url)));
    if (key && lock.packages[key]?.dev) {
      process.stderr.write(`devDependency refused: ${key}\n`);
      throw Object.assign(new Error(`Cannot find package '${specifier}' (a devDependency, left out here)`), {
        code: 'ERR_MODULE_NOT_FOUND',
      });
    }
    return resolved;
  },
});
