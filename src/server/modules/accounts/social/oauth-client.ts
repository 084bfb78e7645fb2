import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { SocialProvider } from '#shared/accounts/accounts.schema.ts';
import type { OAuth2ProviderConfig, OidcProviderConfig } from '../../../config.ts';

// Google (OpenID Connect, discovered from the issuer) and Facebook (OAuth 2 + user-info
// endpoint) behind one small interface: build the authorization URL, then trade the code for
// the user's identity. Authorization code flow with state, PKCE (S256) and, for OIDC, a nonce.

export interface SocialIdentity {
  provider: SocialProvider;
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  loginHint?: string | undefined;
}

export interface SocialClient {
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  exchangeCode(code: string, request: AuthorizationRequest): Promise<SocialIdentity>;
}

/** The provider answered with something we cannot use (bad token, wrong nonce, …). */
export class SocialProtocolError extends Error {}

export function newAuthorizationSecrets(): Pick<AuthorizationRequest, 'state' | 'codeVerifier' | 'nonce'> {
  return {
    state: randomBytes(24).toString('base64url'),
    codeVerifier: randomBytes(32).toString('base64url'),
    nonce: randomBytes(24).toString('base64url'),
  };
}

const codeChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function postForm(url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new SocialProtocolError(`token endpoint answered ${response.status}: ${String(body.error ?? '')}`);
  return body;
}

type ClientCredentials = Pick<OidcProviderConfig, 'clientId' | 'clientSecret'>;

/** The authorization URL's query: the code flow with state and PKCE, the same for both protocols. */
function authorizationQuery(
  config: ClientCredentials,
  request: AuthorizationRequest,
  extra: Record<string, string>,
): URLSearchParams {
  return new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: codeChallenge(request.codeVerifier),
    code_challenge_method: 'S256',
    ...extra,
    ...(request.loginHint ? { login_hint: request.loginHint } : {}),
  });
}

/** Trades an authorization code (with its PKCE verifier) for the provider's tokens. */
function exchangeAuthorizationCode(
  tokenUrl: string,
  config: ClientCredentials,
  code: string,
  request: AuthorizationRequest,
): Promise<Record<string, unknown>> {
  return postForm(tokenUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: request.redirectUri,
    client_id: config.clientId,
    client_secret: config.clientSecret,
    code_verifier: request.codeVerifier,
  });
}

interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export function createOidcClient(provider: SocialProvider, config: OidcProviderConfig): SocialClient {
  let discovery: Promise<{ document: DiscoveryDocument; keys: JWTVerifyGetKey }> | undefined;
  const discover = () => {
    discovery ??= (async () => {
      const response = await fetch(`${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new SocialProtocolError(`discovery answered ${response.status}`);
      const document = (await response.json()) as DiscoveryDocument;
      return { document, keys: createRemoteJWKSet(new URL(document.jwks_uri)) };
    })().catch((error: unknown) => {
      discovery = undefined; // try again next time
      throw error;
    });
    return discovery;
  };

  return {
    async authorizationUrl(request) {
      const { document } = await discover();
      const url = new URL(document.authorization_endpoint);
      url.search = authorizationQuery(config, request, {
        scope: 'openid email profile',
        nonce: request.nonce,
        prompt: 'select_account',
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, request) {
      const { document, keys } = await discover();
      const tokens = await exchangeAuthorizationCode(document.token_endpoint, config, code, request);
      if (typeof tokens.id_token !== 'string')
        throw new SocialProtocolError('no id_token in the token response');
      const { payload } = await jwtVerify(tokens.id_token, keys, {
        issuer: document.issuer,
        audience: config.clientId,
      }).catch((error: unknown) => {
        throw new SocialProtocolError(
          `id_token rejected: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      if (payload.nonce !== request.nonce) throw new SocialProtocolError('id_token nonce does not match');
      if (!payload.sub) throw new SocialProtocolError('id_token has no subject');
      return {
        provider,
        providerUserId: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        emailVerified: payload.email_verified === true,
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    },
  };
}

export function createOAuth2Client(provider: SocialProvider, config: OAuth2ProviderConfig): SocialClient {
  return {
    async authorizationUrl(request) {
      const url = new URL(config.authorizationUrl);
      // Set one by one: the configured URL may carry query parameters of its own.
      for (const [key, value] of authorizationQuery(config, request, { scope: 'email public_profile' }))
        url.searchParams.set(key, value);
      return url.toString();
    },
    async exchangeCode(code, request) {
      const tokens = await exchangeAuthorizationCode(config.tokenUrl, config, code, request);
      if (typeof tokens.access_token !== 'string')
        throw new SocialProtocolError('no access_token in the token response');
      const response = await fetch(config.userinfoUrl, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new SocialProtocolError(`user-info endpoint answered ${response.status}`);
      const profile = (await response.json()) as Record<string, unknown>;
      const id = profile.id ?? profile.sub;
      if (typeof id !== 'string' || !id) throw new SocialProtocolError('user info has no id');
      return {
        provider,
        providerUserId: id,
        email: typeof profile.email === 'string' ? profile.email.toLowerCase() : null,
        // Facebook only returns addresses it has confirmed.
        emailVerified: typeof profile.email === 'string',
        name: typeof profile.name === 'string' ? profile.name : null,
      };
    },
  };
}
