// `npm start`: build the client when its sources are newer than the last build, then run the server
// in this same process (package.json runs it with `exec`, so a supervisor's SIGTERM reaches it).
// The server processes of WEB_CONCURRENCY start from here too: the primary has built already.
import cluster from 'node:cluster';
import { buildClientIfStale } from './build-client.ts';

if (cluster.isPrimary) buildClientIfStale();
await import('../src/server/main.ts');
