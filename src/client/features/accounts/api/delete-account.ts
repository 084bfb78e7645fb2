import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

/** Deletes the account (needs a recent re-authentication); the server ends the session. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => apiRequest('/api/account', { method: 'DELETE' }),
  });
}
