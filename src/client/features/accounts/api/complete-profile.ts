import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import type { CompleteProfileInput } from '#shared/accounts/accounts.schema.ts';
import { authUserSchema, runAuthAction } from '../auth-store.ts';

export function useCompleteProfile() {
  return useMutation({
    mutationFn: (input: CompleteProfileInput) =>
      runAuthAction(
        'profile_complete',
        () =>
          apiRequest('/api/auth/complete-profile', { method: 'POST', body: input, schema: authUserSchema }),
        messages.profileFailed,
      ),
  });
}
