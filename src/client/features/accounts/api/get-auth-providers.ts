import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

export interface AuthProviders {
  google: boolean;
  facebook: boolean;
}

export const authProviderKeys = { all: ['auth-providers'] as const };

/** Which social sign-in buttons to show: only the providers the server is configured for. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authProviderKeys.all,
    queryFn: () => apiRequest<AuthProviders>('/api/auth/providers'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
