// The query keys of the signed-in user's own data (GET /api/account and what hangs off it). Shared:
// the accounts feature reads and clears them, and the sell flow refreshes them after the seller
// tutorial (its flag is part of the account details). Kept apart from the queries so the auth
// store, which every page loads, can clear the account's data without loading the queries' schemas.

/** Every query of the signed-in user's own data starts with this key; dropped on sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
};
