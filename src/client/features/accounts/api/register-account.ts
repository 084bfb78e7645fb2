import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import type { RegisterInput } from '#shared/accounts/accounts.schema.ts';
import { authUserSchema, runAuthAction } from '../auth-store.ts';

/** Creates the account; the server signs the new user in (201 with the user). */
export function useRegisterAccount() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      runAuthAction(
        'signup',
        () => apiRequest('/api/auth/register', { method: 'POST', body: input, schema: authUserSchema }),
        messages.registerFailed,
      ),
  });
}
