import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginLimits } from '../modules/accounts/login-throttle.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Counts how many attempts reach the slow password check: the limit must hold there, however
// many requests arrive at once.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      passwordChecks.count++;
      return argon2.verify(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t.close());
beforeEach(() => {
  passwordChecks.count = 0;
});

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

async function registerUser() {
  const id = unique();
  const input = {
    firstName: 'Olli',
    lastName: 'Omistaja',
    email: `olli.${id}@example.fi`,
    username: `olli_${id}`,
    password: 'Oikea123',
    password2: 'Oikea123',
    isAdult: true,
  };
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
  expect(response.statusCode).toBe(201);
  return input;
}

const login = (email: string, password: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((tally, { statusCode }) => {
    tally[statusCode] = (tally[statusCode] ?? 0) + 1;
    return tally;
  }, {});

describe('login throttle under concurrency', () => {
  it('lets at most 5 of 100 parallel wrong passwords for one account reach the password check', async () => {
    const owner = await registerUser();
    passwordChecks.count = 0;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(owner.email, `Vaarin${i}X`)),
    );
    expect(passwordChecks.count).toBe(loginLimits.pair);
    expect(statuses(responses)).toEqual({ 401: 5, 429: 95 });
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json().error).toEqual({
      code: 'resource-exhausted',
      message: 'Liian monta kirjautumisyritystä. Yritä myöhemmin uudelleen',
    });
  });

  it('does not let the right password through among parallel guesses once the limit is used', async () => {
    const owner = await registerUser();
    passwordChecks.count = 0;
    const guesses = Array.from({ length: 49 }, (_, i) => `Vaarin${i}X`);
    guesses.splice(30, 0, owner.password);
    const responses = await Promise.all(guesses.map((password) => login(owner.email, password)));
    expect(passwordChecks.count).toBeLessThanOrEqual(loginLimits.pair);
    expect((statuses(responses)[429] ?? 0) + (statuses(responses)[401] ?? 0)).toBeGreaterThanOrEqual(
      guesses.length - 1,
    );
  });

  it('lets at most 20 parallel guesses from one address reach the check, over many accounts', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(`arvaus${i}.${unique()}@example.fi`, 'Vaarin123', '198.51.100.20'),
      ),
    );
    expect(passwordChecks.count).toBe(loginLimits.ip);
    expect(statuses(responses)).toEqual({ 401: 20, 429: 40 });
  });

  it('does not lock the owner out when someone elsewhere guesses their password', async () => {
    const owner = await registerUser();
    for (let i = 0; i < 6; i++) await login(owner.email, `Vaarin${i}X`, '198.51.100.30');
    expect((await login(owner.email, `Vaarin9X`, '198.51.100.30')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '192.0.2.44')).statusCode).toBe(200);
  });

  it('stops guessing of one account spread over many addresses at the account ceiling', async () => {
    const owner = await registerUser();
    const addresses = Array.from({ length: 12 }, (_, i) => `203.0.113.${100 + i}`);
    const responses = await Promise.all(
      addresses.flatMap((address) =>
        Array.from({ length: loginLimits.pair }, (_, i) => login(owner.email, `Vaarin${i}X`, address)),
      ),
    );
    expect(passwordChecks.count).toBe(loginLimits.account);
    expect(statuses(responses)).toEqual({ 401: 50, 429: 10 });
  });

  it('forgives the owner their typos once they get the password right', async () => {
    const owner = await registerUser();
    for (let i = 0; i < loginLimits.pair - 1; i++)
      expect((await login(owner.email, `Vaarin${i}X`)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    for (let i = 0; i < loginLimits.pair; i++)
      expect((await login(owner.email, `Vaarin${i}Y`)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);
  });

  it('counts re-authentication guesses in the same limit', async () => {
    const owner = await registerUser();
    const signedIn = await login(owner.email, owner.password, '198.51.100.50');
    const cookie = `lt_session=${signedIn.cookies.find((c) => c.name === 'lt_session')?.value}`;
    passwordChecks.count = 0;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/reauthenticate',
          payload: { password: `Vaarin${i}X` },
          headers: { cookie },
          remoteAddress: '198.51.100.50',
        }),
      ),
    );
    expect(passwordChecks.count).toBe(loginLimits.pair);
    expect(statuses(responses)).toEqual({ 401: 5, 429: 25 });
  });
});
