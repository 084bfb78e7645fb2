import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { type AuthUser, type CompleteProfileInput, messages } from '#shared/accounts/accounts.schema.ts';
import { runAuthAction } from '../auth-store.ts';

export function useCompleteProfile() {
  return useMutation({
    mutationFn: (input: CompleteProfileInput) =>
      runAuthAction(
        'profile_complete',
        () => apiRequest<AuthUser>('/api/auth/complete-profile', { method: 'POST', body: input }),
        messages.profileFailed,
      ),
  });
}
