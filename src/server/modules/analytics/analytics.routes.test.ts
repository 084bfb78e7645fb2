import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t.close());

describe('POST /api/analytics', () => {
  it('stores an event of the spec shape', async () => {
    const event = {
      category: 'submit',
      action: 'purchase_success',
      label: 'Kevätsoitto',
      value: 103.5,
      metadata: { ticket_id: 'abc', price: 103.5, first: true, note: null },
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/analytics', payload: event });
    expect(response.statusCode).toBe(204);
    const rows = await t.app.db.select().from(analyticsEvents);
    expect(rows.at(-1)).toMatchObject(event);
  });

  it('accepts an event with only category and action', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: { category: 'user', action: 'login' },
    });
    expect(response.statusCode).toBe(204);
  });

  it.each([
    [
      'an unknown category',
      { category: 'marketing', action: 'login' },
      'category',
      'Tuntematon tapahtumaluokka',
    ],
    ['an unknown action', { category: 'user', action: 'hack' }, 'action', 'Tuntematon toiminto'],
    ['a missing action', { category: 'user' }, 'action', 'Tuntematon toiminto'],
    [
      'a text value',
      { category: 'user', action: 'login', value: 'paljon' },
      'value',
      'Arvon tulee olla luku',
    ],
    [
      'a too long label',
      { category: 'user', action: 'login', label: 'x'.repeat(201) },
      'label',
      'Nimike voi olla enintään 200 merkkiä',
    ],
    [
      'too much metadata',
      {
        category: 'user',
        action: 'login',
        metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      },
      'metadata',
      'Enintään 20 lisätietoa',
    ],
  ])('rejects %s', async (_case, payload, path, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/analytics', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message });
  });

  it('rejects nested metadata objects', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: { category: 'user', action: 'login', metadata: { nested: { deep: 1 } } },
    });
    expect(response.statusCode).toBe(400);
  });
});
