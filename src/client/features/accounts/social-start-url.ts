import type { SocialProvider } from '#shared/accounts/accounts.schema.ts';

/** Google and Facebook sign-in are full-page redirects through our server (docs/decisions/003). */
export function socialStartUrl(provider: SocialProvider, returnTo: string, intent?: 'reauth'): string {
  const params = new URLSearchParams({ returnTo });
  if (intent) params.set('intent', intent);
  return `/api/auth/${provider}/start?${params.toString()}`;
}
