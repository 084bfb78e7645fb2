import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '#client/lib/account-keys.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { emailVerificationResponseSchema } from '#shared/accounts/accounts.schema.ts';

/** The confirmation link's button: verifies the address its token was mailed to. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/auth/verify-email', {
        method: 'POST',
        body: { token },
        schema: emailVerificationResponseSchema,
      }),
    // The profile shows the address as verified once it is.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** Mails the signed-in user a new confirmation link. */
export function useRequestVerificationMail() {
  return useMutation({
    mutationFn: () => apiRequest('/api/account/email-verification', { method: 'POST' }),
  });
}
