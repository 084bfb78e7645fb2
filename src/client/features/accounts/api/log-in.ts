import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { type AuthUser, type LoginInput, messages } from '#shared/accounts/accounts.schema.ts';
import { runAuthAction } from '../auth-store.ts';

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      runAuthAction(
        'login',
        () => apiRequest<AuthUser>('/api/auth/login', { method: 'POST', body: input }),
        messages.loginFailed,
      ),
  });
}
