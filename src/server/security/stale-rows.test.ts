import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loginAttempts, passwordResetCodes, sessions, users } from '../db/schema/index.ts';
import { purgeExpiredAccountRows } from '../modules/accounts/purge-expired-rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// An attacker can fill these tables (a login counter per address they use, sessions, reset
// codes); the background job must empty what no longer counts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('purging expired account rows', () => {
  it('deletes finished login windows, expired sessions and old reset codes, and keeps live ones', async () => {
    const [user] = await t.app.db
      .insert(users)
      .values({ email: 'vanha.rivi@example.fi' })
      .returning({ id: users.id });
    const userId = user?.id ?? '';
    await t.app.db.insert(loginAttempts).values([
      { scope: 'ip', key: 'old', attempts: 3, windowStartedAt: sql`now() - interval '16 minutes'` },
      { scope: 'ip', key: 'live', attempts: 3, windowStartedAt: sql`now() - interval '14 minutes'` },
    ]);
    await t.app.db.insert(sessions).values([
      { tokenHash: 'expired', userId, expiresAt: sql`now() - interval '1 second'` },
      { tokenHash: 'live', userId, expiresAt: sql`now() + interval '1 day'` },
    ]);
    await t.app.db.insert(passwordResetCodes).values([
      { codeHash: 'expired-long-ago', userId, expiresAt: sql`now() - interval '25 hours'` },
      {
        codeHash: 'used-long-ago',
        userId,
        expiresAt: sql`now() + interval '1 hour'`,
        usedAt: sql`now() - interval '25 hours'`,
      },
      { codeHash: 'just-expired', userId, expiresAt: sql`now() - interval '1 hour'` },
      { codeHash: 'live', userId, expiresAt: sql`now() + interval '1 hour'` },
    ]);

    expect(await purgeExpiredAccountRows(t.app.db)).toBe(4);

    const keys = async (table: typeof loginAttempts | typeof sessions | typeof passwordResetCodes) => {
      const column =
        table === loginAttempts
          ? loginAttempts.key
          : table === sessions
            ? sessions.tokenHash
            : passwordResetCodes.codeHash;
      const rows = await t.app.db.select({ key: column }).from(table);
      return rows.map((row) => row.key).sort();
    };
    expect(await keys(loginAttempts)).toEqual(['live']);
    expect(await keys(sessions)).toEqual(['live']);
    expect(await keys(passwordResetCodes)).toEqual(['just-expired', 'live']);
  });

  it('runs with the background jobs when the app starts', async () => {
    await t.app.db
      .insert(loginAttempts)
      .values({ scope: 'ip', key: 'stale', attempts: 1, windowStartedAt: sql`now() - interval '1 hour'` });
    const database = { ...t.app.database, close: async () => {} };
    const withJobs = await buildApp({ ...t.config, backgroundJobs: true }, { database });
    await withJobs.ready();
    // Queued at start and run by the job queue's worker soon after: polled with a generous deadline.
    const deadline = Date.now() + 60_000;
    let stale = await t.app.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'stale'));
    while (stale.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stale = await t.app.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'stale'));
    }
    await withJobs.close();
    expect(stale).toEqual([]);
  });
});
