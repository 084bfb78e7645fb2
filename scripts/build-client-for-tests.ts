// vitest's globalSetup: the client build the production start test serves, when stale.
import { buildClientIfStale } from './build-client.ts';

export default function setup(): void {
  buildClientIfStale();
}
