import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

/** Re-authenticates with the password; the server then allows deletion for 5 minutes. */
export function useReauthenticate() {
  return useMutation({
    mutationFn: (input: { password: string }) =>
      apiRequest('/api/account/reauthenticate', { method: 'POST', body: input }),
    // A wrong password is a 401 too.
    meta: { checksCredentials: true },
  });
}
