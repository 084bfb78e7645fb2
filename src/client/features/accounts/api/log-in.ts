import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { authUserSchema, type LoginInput, messages } from '#shared/accounts/accounts.schema.ts';
import { runAuthAction } from '../auth-store.ts';

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
