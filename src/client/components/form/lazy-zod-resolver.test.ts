import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { networkErrorMessage } from '#client/lib/api-client.ts';
import type { LoginInput } from '#shared/accounts/accounts.schema.ts';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<LoginInput>;
const loginSchema = () => import('#shared/accounts/accounts.schema.ts').then((m) => m.loginSchema);

describe('lazyZodResolver', () => {
  it('checks with the shared schema and its Finnish messages, loading it once', async () => {
    const load = vi.fn(loginSchema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const wrong = await resolver({ email: ' ', password: '' }, undefined, options);
    expect(wrong.errors.email?.message).toBe('Sähköpostiosoite on pakollinen');
    expect(wrong.errors.password?.message).toBe('Salasana on pakollinen');

    const right = await resolver({ email: 'maija@example.fi', password: 'Salasana1' }, undefined, options);
    expect(right.errors).toEqual({});
    expect(right.values).toEqual({ email: 'maija@example.fi', password: 'Salasana1' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so on the form when the schema does not arrive, and tries again on the next check', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(loginSchema);
    const resolver = lazyZodResolver<LoginInput>(load);

    const offline = await resolver({ email: 'maija@example.fi', password: 'x' }, undefined, options);
    expect(offline.errors.root?.server?.message).toBe(networkErrorMessage);

    const online = await resolver({ email: 'maija@example.fi', password: 'x' }, undefined, options);
    expect(online.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
