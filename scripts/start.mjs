// `npm start`: run the server in this same process (package.json runs it with `exec`, so a
// supervisor's SIGTERM reaches it). In development, build the client first when its sources are
// newer than the last build; the server processes of WEB_CONCURRENCY start from here too, and the
// primary has built already. Production serves the output of `npm run build` as it is: Vite is a
// devDependency, left out of a production image (the server says so at start when the build is
// missing).
import cluster from 'node:cluster';

if (process.env.NODE_ENV !== 'production' && cluster.isPrimary) {
  const { buildClientIfStale } = await import('./build-client.ts');
  buildClientIfStale();
}
await import('../src/server/main.ts');
