import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type SocialErrorCode,
  type SocialProvider,
  socialProviders,
} from '#shared/accounts/accounts.schema.ts';
import { safeReturnPath } from '#shared/return-path.ts';
import { setSessionCookie } from '../sessions.ts';
import {
  createOAuth2Client,
  createOidcClient,
  newAuthorizationSecrets,
  type SocialClient,
  SocialProtocolError,
} from './oauth-client.ts';
import { reauthenticateWithIdentity, SocialSignInError, signInWithIdentity } from './social.service.ts';

const stateCookie = 'lt_oauth';
const stateCookiePath = '/api/auth';

interface PendingSignIn {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
  intent: 'login' | 'reauth';
}

/** Only same-site paths (the shared rule): no open redirect. */
const safeReturnTo = (value: string | undefined) => safeReturnPath(value) ?? '/';

function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://local');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

const startQuery = z.object({
  returnTo: z.string().max(500).optional(),
  intent: z.enum(['login', 'reauth']).default('login'),
  login_hint: z.string().max(254).optional(),
});

const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Google and Facebook sign-in by redirect (docs/decisions/003). */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.env === 'production';
  const clients: Partial<Record<SocialProvider, SocialClient>> = {};
  if (app.config.social.google) clients.google = createOidcClient('google', app.config.social.google);
  if (app.config.social.facebook)
    clients.facebook = createOAuth2Client('facebook', app.config.social.facebook);
  const redirectUri = (provider: SocialProvider) => `${app.config.publicUrl}/api/auth/${provider}/callback`;

  const fail = (
    reply: FastifyReply,
    code: SocialErrorCode,
    pending?: Pick<PendingSignIn, 'intent' | 'returnTo'>,
  ) => {
    const target = pending?.intent === 'reauth' ? safeReturnTo(pending.returnTo) : '/kirjaudu';
    return reply.redirect(withParams(target, { socialError: code }));
  };

  api.get('/api/auth/providers', async () => ({
    google: Boolean(clients.google),
    facebook: Boolean(clients.facebook),
  }));

  api.get(
    '/api/auth/:provider/start',
    {
      schema: { params: z.object({ provider: z.string().max(30) }), querystring: startQuery },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const provider = request.params.provider as SocialProvider;
      if (!socialProviders.includes(provider)) return fail(reply, 'unknown-provider');
      const client = clients[provider];
      if (!client) return fail(reply, 'operation-not-allowed');
      if (request.query.intent === 'reauth' && !request.user) return fail(reply, 'failed');

      const pending: PendingSignIn = {
        provider,
        ...newAuthorizationSecrets(),
        returnTo: safeReturnTo(request.query.returnTo),
        intent: request.query.intent,
      };
      let url: string;
      try {
        url = await client.authorizationUrl({
          ...pending,
          redirectUri: redirectUri(provider),
          loginHint: request.query.login_hint,
        });
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social sign-in could not start');
        return fail(reply, 'network', pending);
      }
      reply.setCookie(stateCookie, JSON.stringify(pending), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: stateCookiePath,
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  );

  api.get(
    '/api/auth/:provider/callback',
    { schema: { params: z.object({ provider: z.string().max(30) }), querystring: callbackQuery } },
    async (request, reply) => {
      const raw = request.cookies[stateCookie];
      reply.clearCookie(stateCookie, { path: stateCookiePath });
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      let pending: PendingSignIn | undefined;
      try {
        pending =
          unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as PendingSignIn) : undefined;
      } catch {
        pending = undefined;
      }
      if (!pending || pending.provider !== request.params.provider || pending.state !== request.query.state) {
        return fail(reply, 'failed', pending);
      }
      if (request.query.error)
        return fail(reply, request.query.error === 'access_denied' ? 'cancelled' : 'failed', pending);
      const client = clients[pending.provider];
      if (!client || !request.query.code) return fail(reply, 'failed', pending);

      try {
        const identity = await client.exchangeCode(request.query.code, {
          ...pending,
          redirectUri: redirectUri(pending.provider),
        });
        if (pending.intent === 'reauth') {
          if (!request.user) return fail(reply, 'failed', pending);
          await reauthenticateWithIdentity(app.db, request.user.sessionHash, request.user.userId, identity);
          return reply.redirect(withParams(safeReturnTo(pending.returnTo), { reauth: 'ok' }));
        }
        const { user, token } = await signInWithIdentity(app.db, identity);
        setSessionCookie(reply, token, secure);
        return reply.redirect(user.username ? safeReturnTo(pending.returnTo) : '/viimeistele-profiili');
      } catch (error) {
        if (error instanceof SocialSignInError) return fail(reply, error.code, pending);
        const network =
          error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
        request.log.warn({ err: error, provider: pending.provider }, 'social sign-in failed');
        return fail(
          reply,
          network && !(error instanceof SocialProtocolError) ? 'network' : 'failed',
          pending,
        );
      }
    },
  );
}
