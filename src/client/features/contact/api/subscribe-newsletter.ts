import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { NewsletterSubscribe } from '#shared/contact/contact.schema.ts';

export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (input: NewsletterSubscribe) =>
      apiRequest('/api/newsletter', { method: 'POST', body: input }),
  });
}
