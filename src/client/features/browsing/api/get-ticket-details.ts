import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { ticketDetailsKeys } from './keys.ts';

// The ticket page opens with the data the server drew it with; its schema (and zod) load with
// the first answer they check, not with the page.
const ticketDetailsSchema = () =>
  import('#shared/browsing/ticket-details.schema.ts').then((module) => module.ticketDetailsSchema);

function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function ticketDetailsQuery(ticketId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: ticketDetailsKeys.detail(ticketId, viewerId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tickets/${encodeURIComponent(ticketId)}`, { signal, schema: ticketDetailsSchema }),
    // A missing or unlisted ticket will not appear by asking again.
    retry: (failures, error) => !isMissing(error) && failures < 2,
  });
}

export function useTicketDetails(ticketId: string, viewerId: string | null) {
  return useQuery(ticketDetailsQuery(ticketId, viewerId));
}

/** Counts one view of a listed ticket when its page opens (the server counts once per visitor a day). */
export function useRecordTicketView(ticketId: string, listed: boolean) {
  useEffect(() => {
    if (!listed) return;
    void apiRequest(`/api/tickets/${encodeURIComponent(ticketId)}/views`, { method: 'POST' }).catch(() => {
      // best effort: a lost view count is not worth an error
    });
  }, [ticketId, listed]);
}

/**
 * Asks again when another buyer's hold ends at the latest: the page then offers the ticket (or
 * says it was sold) without the visitor reloading. A hold ended sooner shows on the next focus.
 */
export function useRefetchWhenHoldEnds(heldUntil: string | null | undefined, refetch: () => unknown) {
  useEffect(() => {
    if (!heldUntil) return;
    // A second past the end, so the server surely sees the hold as over.
    const timer = window.setTimeout(() => refetch(), Math.max(0, Date.parse(heldUntil) - Date.now()) + 1000);
    return () => window.clearTimeout(timer);
  }, [heldUntil, refetch]);
}
