import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// A failed query must not write its bound values (password hashes, addresses, messages) or the
// refused row into the log.
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logDestination: { write: (line) => lines.push(line) } });
  // Makes one insert of a user fail inside the database, after the password is hashed.
  await t.app.db.execute(
    sql`alter table users add constraint refuse_kaatuu check (first_name is distinct from 'kaatuu')`,
  );
});
afterAll(() => t.close());

describe('the log of a failed query', () => {
  it('names the query and the constraint but carries no password hash, e-mail or row', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Kaatuu',
        lastName: 'Kokeilija',
        email: 'kaatuu.kokeilija@example.fi',
        username: 'kaatuu_kokeilija',
        password: 'Salainen9',
        password2: 'Salainen9',
        isAdult: true,
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toEqual({
      code: 'internal',
      message: 'Tapahtui virhe. Yritä myöhemmin uudelleen.',
    });

    const log = lines.join('');
    expect(log).toContain('Failed query: insert into \\"users\\"');
    expect(log).toContain('refuse_kaatuu');
    expect(log).not.toContain('$argon2id');
    expect(log).not.toContain('kaatuu.kokeilija@example.fi');
    expect(log).not.toContain('Salainen9');
    expect(log).not.toContain('Failing row');
  });
});
