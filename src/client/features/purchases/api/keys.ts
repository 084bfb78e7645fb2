// Every query key of the purchases feature. The bought tickets are keyed by the signed-in user, so
// after another sign-in in the same tab the cache shows no one else's tickets.

export const purchaseKeys = {
  all: ['purchases'] as const,
  ofUser: (userId: string) => [...purchaseKeys.all, userId] as const,
  bought: (userId: string) => [...purchaseKeys.ofUser(userId), 'bought'] as const,
  /** One round of the waiting page's polling; a retry starts a new round from nothing. */
  status: (ticketId: string, round: number) => [...purchaseKeys.all, 'status', ticketId, round] as const,
  payment: (clientSecret: string) => [...purchaseKeys.all, 'payment', clientSecret] as const,
};
