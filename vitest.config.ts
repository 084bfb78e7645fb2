import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // The production start test serves the client build: made here, once, before any test file
    // runs (a build during the run would change dist/ under the files reading it).
    globalSetup: ['./scripts/build-client-for-tests.ts'],
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database), so files
    // run side by side. Two at once on this 2-core machine (vitest's default would be one): much
    // of a file's time is spent waiting for PostgreSQL, child processes and the network.
    maxWorkers: 2,
    // Deadlines only catch a hang, never measure speed: a busy machine (2 cores shared by many)
    // makes a test slower, not wrong. Performance is measured in bench/, not here.
    testTimeout: 15 * 60_000,
    hookTimeout: 15 * 60_000,
  },
});
