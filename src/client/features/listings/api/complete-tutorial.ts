import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '#client/lib/account-keys.ts';
import { apiRequest } from '#client/lib/api-client.ts';

// POST /api/account/tutorial (spec 02 §4): records that the seller went through the tutorial, and
// when. The flag is part of the account details, which are read again before the mutation counts
// as done, so the wizard never offers the tutorial twice.

export function completeTutorial(): Promise<void> {
  return apiRequest('/api/account/tutorial', { method: 'POST' });
}

export function useCompleteTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTutorial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.details() }),
  });
}
