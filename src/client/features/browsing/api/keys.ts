import type { ListParams } from '../list-params.ts';

// Every query key of the browsing feature. The server uses them too, to hand the app the data it
// rendered a page with (src/client/prerender.tsx).

export interface PublicListRequest extends ListParams {
  pageSize: number;
}

export const publicTicketsKeys = {
  all: ['public-tickets'] as const,
  list: (request: PublicListRequest) => [...publicTicketsKeys.all, request] as const,
};

export const ticketDetailsKeys = {
  all: ['ticket-details'] as const,
  /** Per viewer: the answer differs for the seller, the buyer and everyone else. */
  detail: (ticketId: string, viewerId: string | null) =>
    [...ticketDetailsKeys.all, ticketId, viewerId] as const,
};
