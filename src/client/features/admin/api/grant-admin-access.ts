import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { adminAccessStatusSchema } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

/**
 * POST /api/admin/access: the right key opens the area for a day; a wrong one is a 403
 * 'invalid-access-key'. The area's tabs mount afresh behind it and fetch what they failed to get.
 */
export function useGrantAdminAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiRequest('/api/admin/access', { method: 'POST', body: { key }, schema: adminAccessStatusSchema }),
    onSuccess: (status) => queryClient.setQueryData(adminKeys.access(), status),
  });
}
