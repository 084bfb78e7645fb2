// Builds the client when its sources are newer than the last build: `npm start` and `npm run bench`
// must never serve or measure a stale build.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');
/** Everything the client build reads. */
const inputs = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts',
  'package-lock.json',
];

function newestMtime(target: string): number {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildClientIfStale(): void {
  const builtAt = newestMtime(builtIndex);
  const sourcesAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
  if (builtAt !== 0 && sourcesAt <= builtAt) return;
  console.log(builtAt === 0 ? 'Building the client (first start)…' : 'Client sources changed, rebuilding…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // A build for production whatever this process runs as: under NODE_ENV=test (a test run, the
    // journeys' server) the prerenderer would get React's development JSX runtime and fail to load.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}
