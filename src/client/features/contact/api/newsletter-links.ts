import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { newsletterConfirmResponseSchema } from '#shared/contact/contact.schema.ts';

/** The confirmation link's button: confirms the subscription its token stands for. */
export function useConfirmNewsletter() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/newsletter/confirm', {
        method: 'POST',
        body: { token },
        schema: newsletterConfirmResponseSchema,
      }),
  });
}

/** The unsubscribe link's button: unsubscribes the address its token stands for. */
export function useUnsubscribeNewsletter() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/newsletter/unsubscribe', { method: 'POST', body: { token } }),
  });
}
