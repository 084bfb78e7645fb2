import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

/** Mails a password reset link to the signed-in user's own address. */
export function useSendPasswordResetLink() {
  return useMutation({
    mutationFn: () => apiRequest('/api/account/password-reset', { method: 'POST' }),
  });
}
