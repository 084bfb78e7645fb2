import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { PasswordResetConfirmInput } from '#shared/accounts/accounts.schema.ts';

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) =>
      apiRequest('/api/auth/password-reset/confirm', { method: 'POST', body: input }),
  });
}
