import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#client/lib/api-client.ts';
import { authProviderKeys } from './keys.ts';

// GET /api/auth/providers has no shared response schema yet; this mirrors the server's answer.
const authProvidersSchema = z.object({ google: z.boolean(), facebook: z.boolean() });

/** Which social sign-in buttons to show: only the providers the server is configured for. */
export function authProvidersQuery() {
  return queryOptions({
    queryKey: authProviderKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/auth/providers', { signal, schema: authProvidersSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersQuery());
}
