import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorMessages, httpStatusByCode, isErrorCode } from './errors.ts';

describe('the error catalogue', () => {
  it("keeps the spec's HTTP status of each generic code (spec 01 §8)", () => {
    expect(httpStatusByCode).toMatchObject({
      'invalid-argument': 400,
      unauthenticated: 401,
      'permission-denied': 403,
      'not-found': 404,
      aborted: 409,
      'resource-exhausted': 429,
      internal: 500,
      unavailable: 503,
    });
  });

  it('gives every code an error status and a Finnish message', () => {
    for (const [code, { status, message }] of Object.entries(errorCatalogue)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message, code).toMatch(/^[A-ZÄÖ]/);
      expect(errorMessages[code as keyof typeof errorMessages]).toBe(message);
    }
  });

  it('knows its own codes only', () => {
    expect(isErrorCode('not-found')).toBe(true);
    expect(isErrorCode('too-many-requests')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
