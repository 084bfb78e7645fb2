import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { authProviderKeys } from './keys.ts';

// The schema (and zod) load with the first answer only: the sell gate, a page visitors open first,
// gets the answer with its HTML and never asks.
const authProvidersSchema = () =>
  import('#shared/accounts/accounts.schema.ts').then((module) => module.authProvidersSchema);

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
