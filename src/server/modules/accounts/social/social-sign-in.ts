import type { FastifyBaseLogger } from 'fastify';
import {
  type SocialErrorCode,
  type SocialProvider,
  socialProviders,
} from '#shared/accounts/accounts.schema.ts';
import { safeReturnPath } from '#shared/return-path.ts';
import type { AppConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { SessionUser } from '../../../plugins/auth.ts';
import {
  createOAuth2Client,
  createOidcClient,
  newAuthorizationSecrets,
  type SocialClient,
  SocialProtocolError,
} from './oauth-client.ts';
import { reauthenticateWithIdentity, SocialSignInError, signInWithIdentity } from './social.service.ts';

/** What the start of a sign-in remembers (in a signed cookie) for its callback. */
export interface PendingSignIn {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
  intent: 'login' | 'reauth';
}

/** Where the browser goes next; a new session when a sign-in succeeded. */
export interface SignInStep {
  redirectTo: string;
  pending?: PendingSignIn;
  sessionToken?: string;
}

/** Only same-site paths (the shared rule): no open redirect. */
const safeReturnTo = (value: string | undefined) => safeReturnPath(value) ?? '/';

function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://local');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

/** A failed sign-in returns to the login page (re-authentication: to where it began) with the code. */
function failure(code: SocialErrorCode, pending?: Pick<PendingSignIn, 'intent' | 'returnTo'>): SignInStep {
  const target = pending?.intent === 'reauth' ? safeReturnTo(pending.returnTo) : '/kirjaudu';
  return { redirectTo: withParams(target, { socialError: code }) };
}

/** Which providers are configured: the sign-in buttons shown (also in the server-drawn sell gate). */
export function configuredProviders(config: AppConfig): Record<SocialProvider, boolean> {
  return { google: Boolean(config.social.google), facebook: Boolean(config.social.facebook) };
}

/**
 * Google and Facebook sign-in by redirect (docs/decisions/003): `begin` sends the browser to the
 * provider, `complete` checks what comes back and signs in, or re-authenticates, the user.
 */
export class SocialSignIn {
  private readonly db: Db;
  private readonly clients: Partial<Record<SocialProvider, SocialClient>> = {};
  private readonly publicUrl: string;

  constructor(db: Db, config: AppConfig) {
    this.db = db;
    this.publicUrl = config.publicUrl;
    if (config.social.google) this.clients.google = createOidcClient('google', config.social.google);
    if (config.social.facebook)
      this.clients.facebook = createOAuth2Client('facebook', config.social.facebook);
  }

  private redirectUri(provider: SocialProvider): string {
    return `${this.publicUrl}/api/auth/${provider}/callback`;
  }

  async begin(
    request: {
      provider: string;
      intent: PendingSignIn['intent'];
      returnTo: string | undefined;
      loginHint: string | undefined;
      user: SessionUser | null;
    },
    log: FastifyBaseLogger,
  ): Promise<SignInStep> {
    const provider = request.provider as SocialProvider;
    if (!socialProviders.includes(provider)) return failure('unknown-provider');
    const client = this.clients[provider];
    if (!client) return failure('operation-not-allowed');
    if (request.intent === 'reauth' && !request.user) return failure('failed');

    const pending: PendingSignIn = {
      provider,
      ...newAuthorizationSecrets(),
      returnTo: safeReturnTo(request.returnTo),
      intent: request.intent,
    };
    try {
      const redirectTo = await client.authorizationUrl({
        ...pending,
        redirectUri: this.redirectUri(provider),
        loginHint: request.loginHint,
      });
      return { redirectTo, pending };
    } catch (error) {
      log.warn({ err: error, provider }, 'social sign-in could not start');
      return failure('network', pending);
    }
  }

  async complete(
    request: {
      provider: string;
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined };
      pending: PendingSignIn | undefined;
      user: SessionUser | null;
    },
    log: FastifyBaseLogger,
  ): Promise<SignInStep> {
    const { pending, query } = request;
    if (!pending || pending.provider !== request.provider || pending.state !== query.state)
      return failure('failed', pending);
    if (query.error) return failure(query.error === 'access_denied' ? 'cancelled' : 'failed', pending);
    const client = this.clients[pending.provider];
    if (!client || !query.code) return failure('failed', pending);

    try {
      const identity = await client.exchangeCode(query.code, {
        ...pending,
        redirectUri: this.redirectUri(pending.provider),
      });
      if (pending.intent === 'reauth') {
        if (!request.user) return failure('failed', pending);
        await reauthenticateWithIdentity(this.db, request.user.sessionHash, request.user.userId, identity);
        return { redirectTo: withParams(safeReturnTo(pending.returnTo), { reauth: 'ok' }) };
      }
      const { user, token } = await signInWithIdentity(this.db, identity);
      return {
        redirectTo: user.username ? safeReturnTo(pending.returnTo) : '/viimeistele-profiili',
        sessionToken: token,
      };
    } catch (error) {
      if (error instanceof SocialSignInError) return failure(error.code, pending);
      const network = error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
      log.warn({ err: error, provider: pending.provider }, 'social sign-in failed');
      return failure(network && !(error instanceof SocialProtocolError) ? 'network' : 'failed', pending);
    }
  }
}
