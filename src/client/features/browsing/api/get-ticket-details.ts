import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';

export const ticketDetailsKeys = {
  all: ['ticket-details'] as const,
  /** Per viewer: the answer differs for the seller, the buyer and everyone else. */
  detail: (ticketId: string, viewerId: string | null) =>
    [...ticketDetailsKeys.all, ticketId, viewerId] as const,
};

function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useTicketDetails(ticketId: string, viewerId: string | null) {
  return useQuery({
    queryKey: ticketDetailsKeys.detail(ticketId, viewerId),
    queryFn: ({ signal }) =>
      apiRequest<TicketDetails>(`/api/tickets/${encodeURIComponent(ticketId)}`, { signal }),
    // A missing or unlisted ticket will not appear by asking again.
    retry: (failures, error) => !isMissing(error) && failures < 2,
  });
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

export function ticketFileUrl(ticketId: string, fileId: string, inline: boolean): string {
  const base = `/api/tickets/${encodeURIComponent(ticketId)}/files/${encodeURIComponent(fileId)}`;
  return inline ? `${base}?inline=1` : base;
}
