import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import type { LoginInput } from '#shared/accounts/accounts.schema.ts';
import { authUserSchema, runAuthAction } from '../auth-store.ts';

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      runAuthAction(
        'login',
        () => apiRequest('/api/auth/login', { method: 'POST', body: input, schema: authUserSchema }),
        messages.loginFailed,
      ),
    // A wrong e-mail or password is a 401 too.
    meta: { checksCredentials: true },
  });
}
