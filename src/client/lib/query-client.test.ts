import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, retryUnlessRefused } from './query-client.ts';

const sessionEnded = () => new ApiError(401, 'unauthenticated', 'Kirjaudu sisään jatkaaksesi');

function setUp() {
  const onSessionEnded = vi.fn();
  return { client: createQueryClient({ onSessionEnded }), onSessionEnded };
}

async function runMutation(
  client: ReturnType<typeof createQueryClient>,
  error: ApiError,
  meta?: { checksCredentials?: boolean },
) {
  const observer = new MutationObserver(client, {
    mutationFn: async () => {
      throw error;
    },
    meta,
  });
  await observer.mutate().catch(() => undefined);
}

describe('the one 401 path', () => {
  it('reports an ended session once for a query, after its retries', async () => {
    const { client, onSessionEnded } = setUp();
    const queryFn = vi.fn(async () => {
      throw sessionEnded();
    });
    await client
      .fetchQuery({ queryKey: ['account', 'details'], queryFn, retry: 1, retryDelay: 0 })
      .catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('reports an ended session once for a mutation', async () => {
    const { client, onSessionEnded } = setUp();
    await runMutation(client, sessionEnded());
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('leaves alone a 401 from a call that checks a password', async () => {
    const { client, onSessionEnded } = setUp();
    await runMutation(client, sessionEnded(), { checksCredentials: true });
    await runMutation(
      client,
      new ApiError(401, 'invalid-credential', 'Väärä sähköpostiosoite tai salasana'),
      {
        checksCredentials: true,
      },
    );
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('leaves alone other 401 codes and other errors', async () => {
    const { client, onSessionEnded } = setUp();
    await runMutation(client, new ApiError(401, 'requires-recent-login', 'Kirjaudu uudelleen'));
    await runMutation(client, new ApiError(403, 'permission-denied', 'Ei oikeutta'));
    await client
      .fetchQuery({
        queryKey: ['ticket-details', 'x', null],
        queryFn: async () => {
          throw new ApiError(404, 'not-found', 'Ei löytynyt');
        },
        retry: false,
      })
      .catch(() => undefined);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('retryUnlessRefused', () => {
  it('tries a network failure or a server error twice more, a refusal never', () => {
    const network = new ApiError(0, 'network', 'Verkkovirhe');
    const down = new ApiError(503, 'unavailable', 'Palvelu ei ole käytettävissä');
    expect(retryUnlessRefused(0, network)).toBe(true);
    expect(retryUnlessRefused(1, down)).toBe(true);
    expect(retryUnlessRefused(2, down)).toBe(false);
    expect(retryUnlessRefused(0, new ApiError(404, 'not-found', 'Lippua ei löytynyt'))).toBe(false);
    expect(retryUnlessRefused(0, new ApiError(403, 'permission-denied', 'Ei käyttöoikeutta'))).toBe(false);
    expect(retryUnlessRefused(0, new Error('schema did not load'))).toBe(true);
  });
});
