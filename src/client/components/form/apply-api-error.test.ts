import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { applyApiError } from './apply-api-error.ts';

type Values = { email: string; username: string };

function fakeForm() {
  const setError = vi.fn();
  return { form: { setError }, setError };
}

const mapping = { fields: ['email', 'username'] as const, fallback: 'Rekisteröinti epäonnistui' };

describe('applyApiError', () => {
  it('puts field issues under their fields and focuses the first', () => {
    const { form, setError } = fakeForm();
    const error = new ApiError(409, 'already-exists', 'Sähköposti on jo käytössä', [
      { path: 'email', message: 'Sähköposti on jo käytössä' },
      { path: 'username', message: 'Käyttäjänimi on jo käytössä, kokeile toista' },
    ]);
    applyApiError<Values>(form, error, mapping);
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'Sähköposti on jo käytössä' }, { shouldFocus: true }],
      ['username', { message: 'Käyttäjänimi on jo käytössä, kokeile toista' }, { shouldFocus: false }],
    ]);
  });

  it('makes an issue of a field the form does not show the form message', () => {
    const { form, setError } = fakeForm();
    const error = new ApiError(400, 'invalid-argument', 'Virheellinen koodi', [
      { path: 'oobCode', message: 'Virheellinen koodi' },
    ]);
    applyApiError<Values>(form, error, mapping);
    expect(setError.mock.calls).toEqual([['root.server', { message: 'Virheellinen koodi' }]]);
  });

  it('shows both when some issues have fields and some do not', () => {
    const { form, setError } = fakeForm();
    const error = new ApiError(400, 'invalid-argument', 'Virheellinen sähköpostiosoite', [
      { path: 'email', message: 'Virheellinen sähköpostiosoite' },
      { path: 'nickname', message: 'Tuntematon kenttä' },
    ]);
    applyApiError<Values>(form, error, mapping);
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'Virheellinen sähköpostiosoite' }, { shouldFocus: true }],
      ['root.server', { message: 'Tuntematon kenttä' }],
    ]);
  });

  it("shows an error without issues as the form message, the server's or the fallback", () => {
    const { form, setError } = fakeForm();
    applyApiError<Values>(form, new ApiError(429, 'resource-exhausted', 'Liian monta yritystä'), mapping);
    applyApiError<Values>(form, new TypeError('boom'), mapping);
    applyApiError<Values>(form, new ApiError(500, 'internal', 'Tapahtui virhe'), {
      ...mapping,
      showServerMessage: (error) => error.code !== 'internal',
    });
    expect(setError.mock.calls).toEqual([
      ['root.server', { message: 'Liian monta yritystä' }],
      ['root.server', { message: 'Rekisteröinti epäonnistui' }],
      ['root.server', { message: 'Rekisteröinti epäonnistui' }],
    ]);
  });
});
