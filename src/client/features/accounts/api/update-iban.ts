import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { AccountDetails } from '#shared/accounts/accounts.schema.ts';
import { signedOutByServer } from '../auth-store.ts';
import { accountKeys } from './get-account-details.ts';

export function useUpdateIban() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { iban: string }) =>
      apiRequest<{ iban: string }>('/api/account/iban', { method: 'PUT', body: input }),
    onSuccess: ({ iban }) => {
      queryClient.setQueryData<AccountDetails>(accountKeys.details(), (details) =>
        details ? { ...details, iban } : details,
      );
    },
    onError: signedOutByServer,
  });
}
