// Every query key of the accounts feature. Kept apart from the queries so the auth store, which
// every page loads, can clear the account's data without loading the queries' schemas.

/** Every query of the signed-in user's own data starts with this key; dropped on sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
};

export const authProviderKeys = { all: ['auth-providers'] as const };
