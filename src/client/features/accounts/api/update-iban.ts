import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#client/lib/api-client.ts';
import { accountDetailsQuery } from './get-account-details.ts';

// PUT /api/account/iban has no shared response schema yet; this mirrors the server's answer.
const ibanAnswerSchema = z.object({ iban: z.string() });

export function useUpdateIban() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { iban: string }) =>
      apiRequest('/api/account/iban', { method: 'PUT', body: input, schema: ibanAnswerSchema }),
    onSuccess: ({ iban }) => {
      queryClient.setQueryData(accountDetailsQuery().queryKey, (details) =>
        details ? { ...details, iban } : details,
      );
    },
  });
}
