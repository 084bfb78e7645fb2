// Every query key of the purchases feature. Keyed by the signed-in user, so after another sign-in in
// the same tab the cache shows no one else's tickets.

export const purchaseKeys = {
  all: ['purchases'] as const,
  ofUser: (userId: string) => [...purchaseKeys.all, userId] as const,
  bought: (userId: string) => [...purchaseKeys.ofUser(userId), 'bought'] as const,
};
