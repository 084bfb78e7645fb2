// Query keys of the accounts feature (the account's own data: lib/account-keys.ts, shared with the
// sell flow).

export const authProviderKeys = { all: ['auth-providers'] as const };
