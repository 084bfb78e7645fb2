import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKeys } from '#client/lib/account-keys.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';

// The sell wizard asks for it on its first paint: the schema (and zod) arrive with the answer.
const accountDetailsSchema = () =>
  import('#shared/accounts/accounts.schema.ts').then((module) => module.accountDetailsSchema);

export function accountDetailsQuery() {
  return queryOptions({
    queryKey: accountKeys.details(),
    queryFn: ({ signal }) => apiRequest('/api/account', { signal, schema: accountDetailsSchema }),
    // A 401 means the session has ended: asking again will not change that.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function useAccountDetails() {
  return useQuery(accountDetailsQuery());
}
