import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '#shared/accounts/accounts.schema.ts';
import {
  loginReturnPath,
  rememberReturnTo,
  socialReturnTo,
  storedReturnTo,
  takePathAfterLogin,
} from './return-to.ts';

// A sessionStorage stand-in: the rules only need get/set/remove.
const store = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
  },
});

const user = (needsProfile: boolean): AuthUser => ({
  uid: 'u1',
  email: 'maija@example.fi',
  username: needsProfile ? null : 'maija',
  displayName: needsProfile ? null : 'Maija',
  firstName: 'maija',
  lastName: 'meikäläinen',
  needsProfile,
  emailVerified: true,
  isAdmin: false,
});

beforeEach(() => store.clear());

describe('return address after login (spec 01 §2)', () => {
  it('accepts only our own paths, and never an auth page', () => {
    expect(loginReturnPath('/profiili?tab=2')).toBe('/profiili?tab=2');
    expect(loginReturnPath('//evil.example/x')).toBeUndefined();
    expect(loginReturnPath('https://evil.example')).toBeUndefined();
    expect(loginReturnPath('/\\evil.example')).toBeUndefined();
    expect(loginReturnPath('/kirjaudu?x=1')).toBeUndefined();
    expect(loginReturnPath('/viimeistele-profiili')).toBeUndefined();
  });

  it('prefers the stored address, then the page they came from, then the front page', () => {
    rememberReturnTo('/profiili');
    expect(takePathAfterLogin(user(false), '/ukk')).toBe('/profiili');
    expect(storedReturnTo()).toBeUndefined();
    expect(takePathAfterLogin(user(false), '/ukk')).toBe('/ukk');
    expect(takePathAfterLogin(user(false), undefined)).toBe('/');
  });

  it('sends a user without a username to finish the profile and keeps the address for later', () => {
    rememberReturnTo('/profiili');
    expect(takePathAfterLogin(user(true), '/ukk')).toBe('/viimeistele-profiili');
    expect(storedReturnTo()).toBe('/profiili');
  });

  it('remembers where a social sign-in should come back to', () => {
    expect(socialReturnTo('/tietoa-meista')).toBe('/tietoa-meista');
    expect(storedReturnTo()).toBe('/tietoa-meista');
    store.clear();
    expect(socialReturnTo(undefined)).toBe('/');
    expect(storedReturnTo()).toBeUndefined();
  });
});
