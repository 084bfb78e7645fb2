import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { signedOutByServer } from '../auth-store.ts';

/** Re-authenticates with the password; the server then allows deletion for 5 minutes. */
export function useReauthenticate() {
  return useMutation({
    mutationFn: (input: { password: string }) =>
      apiRequest<void>('/api/account/reauthenticate', { method: 'POST', body: input }),
    onError: signedOutByServer,
  });
}
