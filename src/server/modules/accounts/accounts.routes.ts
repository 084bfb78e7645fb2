import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDetailsSchema,
  authUserSchema,
  completeProfileSchema,
  ibanUpdateSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  reauthenticateSchema,
  registerSchema,
} from '#shared/accounts/accounts.schema.ts';
import { requireUser, signedInOnly } from '../../plugins/auth.ts';
import {
  completeProfile,
  confirmPasswordReset,
  deleteAccount,
  getAccountDetails,
  getAuthUser,
  login,
  register,
  requestPasswordReset,
  toAuthUser,
  updateIban,
  verifyPasswordForReauth,
} from './accounts.service.ts';
import { clearSessionCookie, deleteSession, markReauthenticated, setSessionCookie } from './sessions.ts';

const ok = z.object({ ok: z.literal(true) });

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.env === 'production';
  const limited = (max: number, minutes: number) => ({
    rateLimit: { max, timeWindow: `${minutes} minutes` },
  });

  api.get('/api/me', { schema: { response: { 200: authUserSchema } } }, async (request) =>
    getAuthUser(app.db, requireUser(request).userId),
  );

  api.post(
    '/api/auth/register',
    { schema: { body: registerSchema, response: { 201: authUserSchema } }, config: limited(10, 60) },
    async (request, reply) => {
      const { user, token } = await register(app.db, request.body);
      setSessionCookie(reply, token, secure);
      return reply.status(201).send(toAuthUser(user, false));
    },
  );

  api.post(
    '/api/auth/login',
    { schema: { body: loginSchema, response: { 200: authUserSchema } } },
    async (request, reply) => {
      const { user, token } = await login(app.db, request.body.email, request.body.password, request.ip);
      setSessionCookie(reply, token, secure);
      return reply.send(await getAuthUser(app.db, user.id));
    },
  );

  api.post('/api/auth/logout', async (request, reply) => {
    if (request.auth) await deleteSession(app.db, request.auth.sessionHash);
    clearSessionCookie(reply, secure);
    return reply.status(204).send();
  });

  api.post(
    '/api/auth/complete-profile',
    { onRequest: signedInOnly, schema: { body: completeProfileSchema, response: { 200: authUserSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await completeProfile(app.db, userId, request.body);
      return getAuthUser(app.db, userId);
    },
  );

  api.post(
    '/api/auth/password-reset/request',
    { schema: { body: passwordResetRequestSchema, response: { 200: ok } }, config: limited(5, 15) },
    async (request, reply) => {
      const { email } = request.body;
      // After the answer, so that its timing does not tell whether the address has an account.
      app.afterReply.run(reply, 'password reset request', () =>
        requestPasswordReset(app.db, app.mailQueued, email, app.config.publicUrl),
      );
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/password-reset/confirm',
    { schema: { body: passwordResetConfirmSchema, response: { 200: ok } }, config: limited(10, 15) },
    async (request) => {
      await confirmPasswordReset(app.db, request.body.oobCode, request.body.password);
      return { ok: true as const };
    },
  );

  api.get('/api/account', { schema: { response: { 200: accountDetailsSchema } } }, async (request) =>
    getAccountDetails(app.db, requireUser(request).userId),
  );

  api.put(
    '/api/account/iban',
    {
      onRequest: signedInOnly,
      schema: { body: ibanUpdateSchema, response: { 200: z.object({ iban: z.string() }) } },
    },
    async (request) => {
      await updateIban(app.db, requireUser(request).userId, request.body.iban);
      return { iban: request.body.iban };
    },
  );

  api.post(
    '/api/account/password-reset',
    { schema: { response: { 200: ok } }, config: limited(5, 15) },
    async (request, reply) => {
      const details = await getAccountDetails(app.db, requireUser(request).userId);
      app.afterReply.run(reply, 'password reset request', () =>
        requestPasswordReset(app.db, app.mailQueued, details.email, app.config.publicUrl),
      );
      return { ok: true as const };
    },
  );

  api.post(
    '/api/account/reauthenticate',
    { onRequest: signedInOnly, schema: { body: reauthenticateSchema } },
    async (request, reply) => {
      const session = requireUser(request);
      await verifyPasswordForReauth(app.db, session.userId, request.body.password, request.ip);
      await markReauthenticated(app.db, session.sessionHash);
      return reply.status(204).send();
    },
  );

  api.delete('/api/account', async (request, reply) => {
    const session = requireUser(request);
    await deleteAccount(app.db, app.listings, session.userId, session.reauthenticatedAt);
    clearSessionCookie(reply, secure);
    return reply.status(204).send();
  });
}
