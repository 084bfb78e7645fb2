// Every query key of the purchases feature's own data: a payment's status while the waiting page
// asks, and a payment looked up after a provider's redirect.

export const purchaseKeys = {
  all: ['purchases'] as const,
  /** One round of the waiting page's polling; a retry starts a new round from nothing. */
  status: (ticketId: string, round: number) => [...purchaseKeys.all, 'status', ticketId, round] as const,
  payment: (clientSecret: string) => [...purchaseKeys.all, 'payment', clientSecret] as const,
};
