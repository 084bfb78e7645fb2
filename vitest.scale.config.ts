import { defineConfig } from 'vitest/config';

// `npm run test:scale`: several app processes on PostgreSQL and object storage behind HAProxy
// (scale/README.md). Deadlines only catch a hang, as in vitest.config.ts.
export default defineConfig({
  test: {
    include: ['scale/**/*.test.ts'],
    environment: 'node',
    // The processes serve the client build: made here, once, when its sources changed.
    globalSetup: ['./scripts/build-client-for-tests.ts'],
    testTimeout: 15 * 60_000,
    hookTimeout: 15 * 60_000,
  },
});
