import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authProvidersSchema } from '#shared/accounts/accounts.schema.ts';
import { errorResponses, redirect } from '../../../http/route-schemas.ts';
import { setSessionCookie } from '../sessions.ts';
import { configuredProviders, type PendingSignIn, SocialSignIn } from './social-sign-in.ts';

const stateCookie = 'lt_oauth';
const stateCookiePath = '/api/auth';

const providerParams = z.object({ provider: z.string().max(30) });

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

/** The start's secrets from the signed state cookie, or undefined when missing or forged. */
function readPending(
  unsigned: { valid: boolean; value: string | null } | undefined,
): PendingSignIn | undefined {
  if (!unsigned?.valid || !unsigned.value) return undefined;
  try {
    return JSON.parse(unsigned.value) as PendingSignIn;
  } catch {
    return undefined;
  }
}

/** Google and Facebook sign-in by redirect: the flow is in social-sign-in.ts, cookies here. */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.env === 'production';
  const signIn = new SocialSignIn(app.db, app.config);

  api.get(
    '/api/auth/providers',
    { schema: { summary: 'The social sign-in providers on offer', response: { 200: authProvidersSchema } } },
    async () => configuredProviders(app.config),
  );

  api.get(
    '/api/auth/:provider/start',
    {
      schema: {
        summary: 'Start social sign-in (redirects to the provider)',
        params: providerParams,
        querystring: startQuery,
        response: { 302: redirect, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const step = await signIn.begin(
        {
          provider: request.params.provider,
          intent: request.query.intent,
          returnTo: request.query.returnTo,
          loginHint: request.query.login_hint,
          user: request.user,
        },
        request.log,
      );
      if (step.pending)
        reply.setCookie(stateCookie, JSON.stringify(step.pending), {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: stateCookiePath,
          maxAge: 600,
        });
      return reply.redirect(step.redirectTo);
    },
  );

  api.get(
    '/api/auth/:provider/callback',
    {
      schema: {
        summary: 'Return from social sign-in (redirects to the site)',
        params: providerParams,
        querystring: callbackQuery,
        response: { 302: redirect, ...errorResponses('invalid-argument') },
      },
    },
    async (request, reply) => {
      const raw = request.cookies[stateCookie];
      reply.clearCookie(stateCookie, { path: stateCookiePath });
      const step = await signIn.complete(
        {
          provider: request.params.provider,
          query: request.query,
          pending: readPending(raw ? request.unsignCookie(raw) : undefined),
          user: request.user,
        },
        request.log,
      );
      if (step.sessionToken) setSessionCookie(reply, step.sessionToken, secure);
      return reply.redirect(step.redirectTo);
    },
  );
}
