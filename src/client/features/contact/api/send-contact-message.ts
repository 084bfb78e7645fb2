import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { ContactMessage } from '#shared/contact/contact.schema.ts';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessage) => apiRequest('/api/contact', { method: 'POST', body: input }),
  });
}
