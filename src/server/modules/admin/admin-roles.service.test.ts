import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, admins, deletedUsers, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listAuditEntries } from './admin-audit.ts';
import { changeAdminRole } from './admin-roles.service.ts';

let t: TestApp;
let standingAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  // Another admin stays throughout, so that revoking in the tests does not remove the last one.
  standingAdmin = await user('pysyva@example.fi');
  await t.app.db.insert(admins).values({ userId: standingAdmin });
});
afterAll(() => t.close());

const operator = 'ylla@palvelin';

/** An account whose address was confirmed from its link, unless `verified` is false. */
async function user(email: string, { verified = true, disabled = false } = {}): Promise<string> {
  const [row] = await t.app.db
    .insert(users)
    .values({
      email,
      emailVerifiedAt: verified ? new Date() : null,
      disabledAt: disabled ? new Date() : null,
    })
    .returning({ id: users.id });
  return row?.id ?? '';
}

const auditOf = (userId: string) =>
  t.app.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, userId));

describe('changeAdminRole', () => {
  it('grants and revokes once, each with its audit row naming the operator', async () => {
    const id = await user('tuula@example.fi');
    expect(await changeAdminRole(t.app.db, 'grant', ' Tuula@Example.fi ', operator)).toEqual({
      result: 'granted',
      userId: id,
      accountDeleted: false,
    });
    expect(await changeAdminRole(t.app.db, 'grant', 'tuula@example.fi', operator)).toMatchObject({
      result: 'already-admin',
    });
    expect(await t.app.db.select().from(admins).where(eq(admins.userId, id))).toHaveLength(1);
    expect(await changeAdminRole(t.app.db, 'revoke', 'tuula@example.fi', operator)).toMatchObject({
      result: 'revoked',
    });
    expect(await changeAdminRole(t.app.db, 'revoke', 'tuula@example.fi', operator)).toMatchObject({
      result: 'not-admin',
    });
    expect(await t.app.db.select().from(admins).where(eq(admins.userId, id))).toEqual([]);
    const rows = await auditOf(id);
    expect(
      rows.map(({ adminId, operator, action, entityType, before, after }) => ({
        adminId,
        operator,
        action,
        entityType,
        before,
        after,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          adminId: null,
          operator,
          action: 'admin.grant',
          entityType: 'user',
          before: { admin: false },
          after: { admin: true },
        },
        {
          adminId: null,
          operator,
          action: 'admin.revoke',
          entityType: 'user',
          before: { admin: true },
          after: { admin: false },
        },
      ]),
    );
    expect(rows).toHaveLength(2);
    // The admin area's log shows the operator where an admin would be.
    const entries = (await listAuditEntries(t.app.db, 200)).filter((entry) => entry.entityId === id);
    expect(entries.map((entry) => [entry.action, entry.admin, entry.operator])).toEqual([
      ['admin.revoke', null, operator],
      ['admin.grant', null, operator],
    ]);
  });

  it('changes once and writes one row when ten run at once', async () => {
    const id = await user('kymmenen@example.fi');
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => changeAdminRole(t.app.db, 'grant', 'kymmenen@example.fi', operator)),
    );
    expect(outcomes.filter((outcome) => outcome.result === 'granted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.result === 'already-admin')).toHaveLength(9);
    const revokes = await Promise.all(
      Array.from({ length: 10 }, () => changeAdminRole(t.app.db, 'revoke', 'kymmenen@example.fi', operator)),
    );
    expect(revokes.filter((outcome) => outcome.result === 'revoked')).toHaveLength(1);
    expect((await auditOf(id)).map((row) => row.action).sort()).toEqual(['admin.grant', 'admin.revoke']);
  });

  it('knows no stranger, and grants nothing to a deleted account but still revokes it', async () => {
    expect(await changeAdminRole(t.app.db, 'grant', 'vieras@example.fi', operator)).toEqual({
      result: 'unknown-email',
    });
    const [gone] = await t.app.db
      .insert(users)
      .values({ email: 'deleted-x@deleted.invalid', deletedAt: new Date() })
      .returning({ id: users.id });
    const id = gone?.id ?? '';
    await t.app.db.insert(deletedUsers).values({
      userId: id,
      userData: { email: 'poistettu@example.fi' },
      ticketsRemoved: 0,
      originalCollections: ['users'],
    });
    await t.app.db.insert(admins).values({ userId: id });
    expect(await changeAdminRole(t.app.db, 'grant', 'poistettu@example.fi', operator)).toEqual({
      result: 'deleted-account',
    });
    expect(await changeAdminRole(t.app.db, 'revoke', 'poistettu@example.fi', operator)).toEqual({
      result: 'revoked',
      userId: id,
      accountDeleted: true,
    });
    expect(await changeAdminRole(t.app.db, 'revoke', 'poistettu@example.fi', operator)).toMatchObject({
      result: 'not-admin',
    });
    expect(await auditOf(id)).toHaveLength(1);
    expect(await changeAdminRole(t.app.db, 'grant', 'deleted-x@deleted.invalid', operator)).toEqual({
      result: 'unknown-email',
    });
  });

  it('grants nothing to an address nobody has confirmed: whoever registered it first is not known to own it', async () => {
    const id = await user('vahvistamaton@example.fi', { verified: false });
    expect(await changeAdminRole(t.app.db, 'grant', 'vahvistamaton@example.fi', operator)).toEqual({
      result: 'unverified-email',
      userId: id,
    });
    expect(await t.app.db.select().from(admins).where(eq(admins.userId, id))).toEqual([]);
    expect(await auditOf(id)).toEqual([]);
    await t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
    expect(await changeAdminRole(t.app.db, 'grant', 'vahvistamaton@example.fi', operator)).toMatchObject({
      result: 'granted',
    });
  });

  it('grants nothing to a disabled account', async () => {
    const id = await user('suljettu@example.fi', { disabled: true });
    expect(await changeAdminRole(t.app.db, 'grant', 'suljettu@example.fi', operator)).toEqual({
      result: 'disabled-account',
      userId: id,
    });
    expect(await t.app.db.select().from(admins).where(eq(admins.userId, id))).toEqual([]);
  });
});

describe('revoking the last admin', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  async function adminOf(app: TestApp, email: string, { disabled = false } = {}): Promise<string> {
    const [row] = await app.app.db
      .insert(users)
      .values({ email, emailVerifiedAt: new Date(), disabledAt: disabled ? new Date() : null })
      .returning({ id: users.id });
    const id = row?.id ?? '';
    await app.app.db.insert(admins).values({ userId: id });
    return id;
  }
  const adminIds = async () => (await fresh.app.db.select().from(admins)).map((row) => row.userId).sort();

  it('refuses unless forced, counting only admins who can act, and when two are revoked at once keeps one', async () => {
    const first = await adminOf(fresh, 'eka@example.fi');
    const second = await adminOf(fresh, 'toka@example.fi');
    // A disabled admin cannot open the admin area: it does not count as the one left.
    const disabled = await adminOf(fresh, 'suljettu@example.fi', { disabled: true });
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.all([
        changeAdminRole(fresh.app.db, 'revoke', 'eka@example.fi', operator),
        changeAdminRole(fresh.app.db, 'revoke', 'toka@example.fi', operator),
      ]);
      expect(outcomes.map((outcome) => outcome.result).sort()).toEqual(['last-admin', 'revoked']);
      const kept = outcomes.find((outcome) => outcome.result === 'last-admin');
      expect(await adminIds()).toEqual([disabled, kept && 'userId' in kept ? kept.userId : ''].sort());
      // Back to two acting admins for the next round.
      const revoked = kept && 'userId' in kept && kept.userId === first ? second : first;
      await fresh.app.db.insert(admins).values({ userId: revoked });
    }
    await fresh.app.db.delete(admins).where(eq(admins.userId, second));
    expect(await changeAdminRole(fresh.app.db, 'revoke', 'eka@example.fi', operator)).toEqual({
      result: 'last-admin',
      userId: first,
    });
    expect(await adminIds()).toEqual([disabled, first].sort());
    expect(
      await changeAdminRole(fresh.app.db, 'revoke', 'eka@example.fi', operator, { force: true }),
    ).toEqual({
      result: 'revoked',
      userId: first,
      accountDeleted: false,
    });
    // The disabled one can still be revoked: nobody who can act is left either way.
    expect(await changeAdminRole(fresh.app.db, 'revoke', 'suljettu@example.fi', operator)).toMatchObject({
      result: 'revoked',
    });
    expect(await adminIds()).toEqual([]);
  });
});
