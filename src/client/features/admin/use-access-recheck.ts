import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '#client/lib/api-client.ts';
import { adminKeys } from './api/keys.ts';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The server answers every admin route 404 once the access cookie has lapsed (spec 01 §2), the
 * same as for a stranger. While the area is open, any call of it (this tab's or the payout tab's)
 * answered 404 asks the access status again: if the cookie is gone the area gives way to the
 * access dialog; if the 404 was about a record, nothing changes.
 */
export function useAccessRecheck(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const accessHash = hashKey(adminKeys.access());
    const recheck = () => void queryClient.invalidateQueries({ queryKey: adminKeys.access() });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error' || !isNotFound(event.action.error))
        return;
      // The status itself answering 404 means 'not an admin', which the area shows by itself.
      if (event.query.queryHash === accessHash) return;
      recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isNotFound(event.action.error))
        recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
