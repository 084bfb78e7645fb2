import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database).
    // Deadlines only catch a hang, never measure speed: a busy machine (2 cores shared by many)
    // makes a test slower, not wrong. Performance is measured in bench/, not here.
    testTimeout: 15 * 60_000,
    hookTimeout: 15 * 60_000,
  },
});
