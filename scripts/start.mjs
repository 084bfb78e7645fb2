// `npm start`: build the client when its sources are newer than the last build, then run the server.
import { buildClientIfStale } from './build-client.ts';

buildClientIfStale();
await import('../src/server/main.ts');
