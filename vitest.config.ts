import { configDefaults, defineConfig } from 'vitest/config';

// UNIT_SCOPE=database: CI's second run, on PostgreSQL, is there for the database. It leaves out the
// tests of code that cannot reach one: src/shared and src/client (the import rules of
// scripts/check-imports.ts keep the server out of both) and the PDF checks, which read bytes only.
// The first run checks them (docs/decisions/027).
const withoutDatabase = ['src/shared/**', 'src/client/**', 'src/server/platform/pdf/**'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.UNIT_SCOPE === 'database' ? withoutDatabase : [])],
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
