import { afterEach, describe, expect, it, vi } from 'vitest';
import { authUserSchema } from '#shared/accounts/accounts.schema.ts';
import { errorMessages } from '#shared/errors.ts';
import { ApiError, apiRequest, networkErrorMessage, unexpectedAnswerMessage } from './api-client.ts';

const user = {
  uid: 'u1',
  email: 'maija@example.fi',
  username: 'maija',
  displayName: 'Maija',
  firstName: 'maija',
  lastName: 'meikäläinen',
  needsProfile: false,
  isAdmin: false,
  emailVerified: true,
};

function answer(status: number, body?: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      body === undefined
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it("returns an answer that matches the route's schema", async () => {
    answer(200, user);
    await expect(apiRequest('/api/me', { schema: authUserSchema })).resolves.toEqual(user);
  });

  it('turns an answer that does not match the schema into an ApiError', async () => {
    answer(200, { ...user, needsProfile: 'no' });
    const error = await failure(apiRequest('/api/me', { schema: authUserSchema }));
    expect(error).toMatchObject({ status: 200, code: 'internal', message: unexpectedAnswerMessage });
  });

  it('takes a 204 as "nothing" only where the route says it may answer so, loading no schema', async () => {
    const load = vi.fn(async () => authUserSchema);
    answer(204);
    await expect(apiRequest('/api/me', { schema: load, orNoContent: true })).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    answer(204);
    expect((await failure(apiRequest('/api/me', { schema: load }))).message).toBe(unexpectedAnswerMessage);
  });

  it('loads a schema given as a loader, and checks with it', async () => {
    const load = vi.fn(async () => authUserSchema);
    answer(200, user);
    await expect(apiRequest('/api/me', { schema: load })).resolves.toEqual(user);
    answer(200, { uid: 'u1' });
    const error = await failure(apiRequest('/api/me', { schema: load }));
    expect(error.message).toBe(unexpectedAnswerMessage);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not load the schema for a failed answer', async () => {
    const load = vi.fn(async () => authUserSchema);
    answer(401, { error: { code: 'unauthenticated', message: 'Kirjaudu sisään jatkaaksesi' } });
    const error = await failure(apiRequest('/api/me', { schema: load }));
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(load).not.toHaveBeenCalled();
  });

  it('gives a network failure the Finnish network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiRequest('/api/me', { schema: authUserSchema }));
    expect(error).toMatchObject({ status: 0, code: 'network', message: networkErrorMessage });
    expect(error.message).toBe('Verkkovirhe. Tarkista internet-yhteytesi');
  });

  it("keeps the server's code, message and field issues", async () => {
    const issues = [{ path: 'email', message: 'Sähköposti on jo käytössä' }];
    answer(409, { error: { code: 'email-already-in-use', message: 'Sähköposti on jo käytössä', issues } });
    const error = await failure(apiRequest('/api/auth/register', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      status: 409,
      code: 'email-already-in-use',
      message: issues[0]?.message,
      issues,
    });
  });

  it('uses the shared default message of the code when the server gives none', async () => {
    answer(429, { error: { code: 'resource-exhausted' } });
    expect((await failure(apiRequest('/api/contact', { method: 'POST' }))).message).toBe(
      errorMessages['resource-exhausted'],
    );
    answer(502);
    const error = await failure(apiRequest('/api/contact', { method: 'POST' }));
    expect(error).toMatchObject({ status: 502, code: 'internal', message: errorMessages.internal });
  });

  it('sends JSON and does not read the body of an answer it has no schema for', async () => {
    answer(204);
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    answer(200, { ok: true });
    await expect(
      apiRequest('/api/contact', { method: 'POST', body: { name: 'Maija' } }),
    ).resolves.toBeUndefined();
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Maija"}',
    });
  });
});
