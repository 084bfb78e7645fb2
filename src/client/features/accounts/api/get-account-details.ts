import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import type { AccountDetails } from '#shared/accounts/accounts.schema.ts';

/** Every query of the signed-in user's own data starts with this key; dropped on sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
};

export function fetchAccountDetails(): Promise<AccountDetails> {
  return apiRequest<AccountDetails>('/api/account');
}

export function useAccountDetails() {
  return useQuery({
    queryKey: accountKeys.details(),
    queryFn: fetchAccountDetails,
    // A 401 means the session has ended: asking again will not change that.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}
