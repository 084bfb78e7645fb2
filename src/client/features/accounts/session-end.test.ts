import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { storageKeys } from '#client/lib/storage-keys.ts';

// The browser the auth store runs in: session storage with a signed-in user, and an address.
const store = new Map<string, string>();
const location = { pathname: '/profiili', search: '?tab=2', hash: '' };
const storage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => store.set(key, value),
  removeItem: (key: string) => store.delete(key),
};
Object.assign(globalThis, { window: { sessionStorage: storage, localStorage: storage, location } });
store.set(
  storageKeys.authState,
  JSON.stringify({
    isAuthenticated: true,
    user: {
      uid: 'u1',
      email: 'maija@example.fi',
      username: 'maija',
      displayName: 'Maija',
      firstName: 'maija',
      lastName: 'meikäläinen',
      needsProfile: false,
      isAdmin: false,
    },
  }),
);

// Imported after the stand-ins, as the store reads the persisted state when it loads.
const { getAuthState, sessionEndedOnServer } = await import('./auth-store.ts');
const { onSessionEnded, queryClient } = await import('#client/lib/query-client.ts');
const { storedReturnTo } = await import('./return-to.ts');

async function failWith401(): Promise<void> {
  await queryClient
    .fetchQuery({
      queryKey: ['account', 'details', Math.random()],
      queryFn: async () => {
        throw new ApiError(401, 'unauthenticated', 'Kirjaudu sisään jatkaaksesi');
      },
      retry: false,
    })
    .catch(() => undefined);
}

describe('a session ended on the server', () => {
  beforeAll(() => {
    onSessionEnded(sessionEndedOnServer);
  });

  it('signs the user out and keeps the page to come back to', async () => {
    expect(getAuthState().isAuthenticated).toBe(true);
    await failWith401();
    expect(getAuthState()).toMatchObject({ isAuthenticated: false, user: null, isInitialized: true });
    expect(store.has(storageKeys.authState)).toBe(false);
    expect(storedReturnTo()).toBe('/profiili?tab=2');
  });

  it('does nothing more once the user is signed out', async () => {
    location.pathname = '/ota-yhteytta';
    location.search = '';
    await failWith401();
    expect(storedReturnTo()).toBe('/profiili?tab=2');
  });
});
