import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { adminAuditLog, admins, deletedUsers, users } from '../src/server/db/schema/index.ts';
import { createScratchDatabase } from '../src/server/test/test-app.ts';

// `npm run admin` as an operator runs it: its own process, the configuration from the environment,
// on PGlite in DATA_DIR or on PostgreSQL when DATABASE_URL is set.

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env.DATABASE_URL;
let dataDir = '';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let env: Record<string, string> = {};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runAdmin(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'scripts/admin.ts'), ...args], {
    cwd: root,
    env: { ...inherited, ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The CLI's database, opened here between its runs (PGlite is one process's at a time). */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    scratch ? { databaseUrl: scratch.url } : { pgliteDir: path.join(dataDir, 'db') },
  );
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const ids: Record<string, string> = {};
const auditOf = (userId: string) =>
  withDatabase(({ db }) => db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, userId)));
const isAdmin = (userId: string) =>
  withDatabase(
    async ({ db }) => (await db.select().from(admins).where(eq(admins.userId, userId))).length === 1,
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-admin-cli-'));
  scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  env = { NODE_ENV: 'test', DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  await withDatabase(async ({ db }) => {
    const rows = await db
      .insert(users)
      .values([
        { email: 'tuula@example.fi', emailVerifiedAt: new Date() },
        { email: 'kaksi@example.fi', emailVerifiedAt: new Date() },
        { email: 'vahvistamaton@example.fi' },
        { email: 'suljettu@example.fi', emailVerifiedAt: new Date(), disabledAt: new Date() },
        { email: 'deleted-1@deleted.invalid', deletedAt: new Date() },
      ])
      .returning({ id: users.id, email: users.email });
    for (const row of rows) ids[row.email] = row.id;
    const deletedId = ids['deleted-1@deleted.invalid'] ?? '';
    await db.insert(deletedUsers).values({
      userId: deletedId,
      userData: { email: 'poistettu@example.fi' },
      ticketsRemoved: 0,
      originalCollections: ['users'],
    });
  });
});

afterAll(async () => {
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it.each([
    [[], /^Usage: npm run admin -- grant\|revoke <email>/],
    [['grant'], /^The e-mail address is missing\./],
    [['make', 'tuula@example.fi'], /^Unknown command "make"\./],
    [['grant', 'tuula'], /^"tuula" is not one e-mail address\./],
    [['revoke', 'tuula@example.fi', 'kaksi@example.fi'], /is not one e-mail address/],
    [['grant', 'tuula@example.fi', '--force'], /^--force only applies to revoke\./],
  ])('refuses %o with the usage and exit code 2', async (args, message) => {
    const run = await runAdmin(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Exit codes:');
  });

  it('reports a bad configuration with every problem and exit code 1', async () => {
    const run = await runAdmin(['grant', 'tuula@example.fi'], { PUBLIC_URL: 'localhost:4116', PORT: 'x' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/PORT: .*\n {2}PUBLIC_URL: must be an absolute/);
  });

  it('grants, says so, and writes the audit row with the operator as the actor', async () => {
    const id = ids['tuula@example.fi'] ?? '';
    const run = await runAdmin(['grant', 'Tuula@Example.fi']);
    expect(run).toMatchObject({ code: 0, stdout: `tuula@example.fi is now an admin (user ${id}).\n` });
    expect(await isAdmin(id)).toBe(true);
    const [row, ...others] = await auditOf(id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      adminId: null,
      action: 'admin.grant',
      entityType: 'user',
      before: { admin: false },
      after: { admin: true },
    });
    // OS user @ host.
    expect(row?.operator).toMatch(/^[^@\s]+( \(sudo by \S+\))?@\S+$/);

    const again = await runAdmin(['grant', 'tuula@example.fi']);
    expect(again).toMatchObject({
      code: 0,
      stdout: 'tuula@example.fi is already an admin: nothing changed.\n',
    });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('keeps the last admin unless forced, then revokes, then finds nothing to revoke', async () => {
    const id = ids['tuula@example.fi'] ?? '';
    const last = await runAdmin(['revoke', 'tuula@example.fi']);
    expect(last).toMatchObject({ code: 8, stdout: '' });
    expect(last.stderr).toContain('tuula@example.fi is the last admin who can act');
    expect(await isAdmin(id)).toBe(true);
    expect(await runAdmin(['revoke', 'tuula@example.fi', '--force'])).toMatchObject({
      code: 0,
      stdout: `tuula@example.fi is no longer an admin (user ${id}).\n`,
    });
    expect(await isAdmin(id)).toBe(false);
    expect(await runAdmin(['revoke', 'tuula@example.fi'])).toMatchObject({
      code: 0,
      stdout: `tuula@example.fi is not an admin (user ${id}): nothing changed.\n`,
    });
    expect((await auditOf(id)).map((row) => row.action).sort()).toEqual(['admin.grant', 'admin.revoke']);
  });

  it('tells an unknown address (3) and a deleted account (4) apart, changing nothing', async () => {
    const unknown = await runAdmin(['grant', 'vieras@example.fi']);
    expect(unknown).toMatchObject({ code: 3, stdout: '' });
    expect(unknown.stderr).toBe(
      'No account has the e-mail vieras@example.fi. The user must register first.\n',
    );
    const deleted = await runAdmin(['grant', 'poistettu@example.fi']);
    expect(deleted.code).toBe(4);
    expect(deleted.stderr).toContain('The account of poistettu@example.fi was deleted');
    expect(await isAdmin(ids['deleted-1@deleted.invalid'] ?? '')).toBe(false);
    expect(await auditOf(ids['deleted-1@deleted.invalid'] ?? '')).toEqual([]);
  });

  it('grants nothing to an unverified address (6) or a disabled account (7)', async () => {
    const unverified = await runAdmin(['grant', 'vahvistamaton@example.fi']);
    expect(unverified).toMatchObject({ code: 6, stdout: '' });
    expect(unverified.stderr).toContain('vahvistamaton@example.fi has not been confirmed');
    const disabled = await runAdmin(['grant', 'suljettu@example.fi']);
    expect(disabled).toMatchObject({ code: 7, stdout: '' });
    expect(disabled.stderr).toContain('The account of suljettu@example.fi is disabled');
    for (const email of ['vahvistamaton@example.fi', 'suljettu@example.fi']) {
      expect(await isAdmin(ids[email] ?? '')).toBe(false);
      expect(await auditOf(ids[email] ?? '')).toEqual([]);
    }
  });

  it('run twice at once, grants once and writes one audit row', async () => {
    const id = ids['kaksi@example.fi'] ?? '';
    const runs = await Promise.all([
      runAdmin(['grant', 'kaksi@example.fi']),
      runAdmin(['grant', 'kaksi@example.fi']),
    ]);
    expect(runs.filter((run) => run.code === 0 && run.stdout.includes('is now an admin'))).toHaveLength(1);
    // The other found it done, or (PGlite: one process at a time) found the database in use.
    const [other] = runs.filter((run) => !run.stdout.includes('is now an admin'));
    if (other?.code === 5) expect(other.stderr).toContain('is in use by process');
    else
      expect(other).toMatchObject({
        code: 0,
        stdout: 'kaksi@example.fi is already an admin: nothing changed.\n',
      });
    expect(await isAdmin(id)).toBe(true);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it.skipIf(serverUrl)('refuses with exit code 5 while the server has the PGlite database open', async () => {
    const id = ids['tuula@example.fi'] ?? '';
    const run = await withDatabase(() => runAdmin(['grant', 'tuula@example.fi']));
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(`is in use by process ${process.pid} on `);
    expect(run.stderr).toContain('stop that process (the server) first');
    expect(await isAdmin(id)).toBe(false);
  });
});
