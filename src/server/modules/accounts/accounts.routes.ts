import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDetailsSchema,
  authUserSchema,
  completeProfileSchema,
  emailVerificationLinkSchema,
  emailVerificationResponseSchema,
  ibanUpdateSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  reauthenticateSchema,
  registerSchema,
} from '#shared/accounts/accounts.schema.ts';
import { errorResponses, noContent } from '../../http/route-schemas.ts';
import {
  completeProfile,
  completeSellerTutorial,
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
import { requestVerificationMail, verifyEmail } from './email-verification.ts';
import { clearSessionCookie, deleteSession, markReauthenticated, setSessionCookie } from './sessions.ts';

const ok = z.object({ ok: z.literal(true) });

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.env === 'production';
  const limited = (max: number, minutes: number) => ({
    rateLimit: { max, timeWindow: `${minutes} minutes` },
  });

  const signedIn = { access: 'signed-in' } as const;

  // Asked on every page start: a visitor is an answer (204, nobody), not an error.
  api.get(
    '/api/me',
    {
      schema: {
        summary: 'The signed-in user (204 for a visitor)',
        response: { 200: authUserSchema, 204: noContent, ...errorResponses('unauthenticated') },
      },
    },
    async (request, reply) =>
      request.user ? getAuthUser(app.db, request.user.userId) : reply.status(204).send(),
  );

  api.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Register with e-mail and password',
        body: registerSchema,
        response: {
          201: authUserSchema,
          ...errorResponses('invalid-argument', 'email-in-use', 'username-taken', 'resource-exhausted'),
        },
      },
      config: limited(10, 60),
    },
    async (request, reply) => {
      const { user, token } = await register(app.db, app.config.publicUrl, request.body);
      app.mailQueued();
      setSessionCookie(reply, token, secure);
      return reply.status(201).send(toAuthUser(user, false));
    },
  );

  api.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        body: loginSchema,
        response: {
          200: authUserSchema,
          ...errorResponses('invalid-argument', 'invalid-credential', 'user-disabled', 'resource-exhausted'),
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await login(app.db, request.body.email, request.body.password, request.ip);
      setSessionCookie(reply, token, secure);
      return reply.send(await getAuthUser(app.db, user.id));
    },
  );

  api.post(
    '/api/auth/logout',
    { schema: { summary: 'Sign out', response: { 204: noContent, ...errorResponses('permission-denied') } } },
    async (request, reply) => {
      if (request.user) await deleteSession(app.db, request.user.sessionHash);
      clearSessionCookie(reply, secure);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/auth/complete-profile',
    {
      schema: {
        summary: "Complete a new social account's profile",
        body: completeProfileSchema,
        response: {
          200: authUserSchema,
          ...errorResponses('unauthenticated', 'invalid-argument', 'username-taken', 'aborted'),
        },
      },
      config: signedIn,
    },
    async (request) => {
      const { userId } = request.user;
      await completeProfile(app.db, userId, request.body);
      return getAuthUser(app.db, userId);
    },
  );

  api.post(
    '/api/auth/password-reset/request',
    {
      schema: {
        summary: 'Ask for a password reset link by e-mail',
        body: passwordResetRequestSchema,
        response: { 200: ok, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      config: limited(5, 15),
    },
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
    {
      schema: {
        summary: "Set a new password with a reset link's token",
        body: passwordResetConfirmSchema,
        response: {
          200: ok,
          ...errorResponses(
            'invalid-argument',
            'invalid-action-code',
            'expired-action-code',
            'resource-exhausted',
          ),
        },
      },
      config: limited(10, 15),
    },
    async (request) => {
      await confirmPasswordReset(app.db, request.body.oobCode, request.body.password);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/auth/verify-email',
    {
      schema: {
        summary: "Verify an address with the mailed link's token",
        description:
          "Works without signing in: the link is often opened on another device. The link's page only calls this when its reader presses the button, as mail scanners open links too.",
        body: emailVerificationLinkSchema,
        response: {
          200: emailVerificationResponseSchema,
          ...errorResponses(
            'invalid-argument',
            'email-link-invalid',
            'email-link-expired',
            'resource-exhausted',
          ),
        },
      },
      config: limited(20, 15),
    },
    async (request) => verifyEmail(app.db, request.body.token),
  );

  api.post(
    '/api/account/email-verification',
    {
      schema: {
        summary: 'Mail a new address verification link',
        response: {
          204: noContent,
          ...errorResponses('unauthenticated', 'email-already-verified', 'resource-exhausted'),
        },
      },
      config: { ...signedIn, ...limited(10, 60) },
    },
    async (request, reply) => {
      await requestVerificationMail(app.db, app.mailQueued, app.config.publicUrl, request.user.userId);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/account',
    {
      schema: {
        summary: "The signed-in user's account details",
        response: { 200: accountDetailsSchema, ...errorResponses('unauthenticated') },
      },
      config: signedIn,
    },
    async (request) => getAccountDetails(app.db, request.user.userId),
  );

  api.put(
    '/api/account/iban',
    {
      schema: {
        summary: "Set the seller's IBAN for payouts",
        body: ibanUpdateSchema,
        response: {
          200: z.object({ iban: z.string() }),
          ...errorResponses('unauthenticated', 'invalid-argument'),
        },
      },
      config: signedIn,
    },
    async (request) => {
      await updateIban(app.db, request.user.userId, request.body.iban);
      return { iban: request.body.iban };
    },
  );

  api.post(
    '/api/account/tutorial',
    {
      schema: {
        summary: 'Mark the seller tutorial as done',
        description: 'Records that the signed-in user went through the seller tutorial (spec 02 §4).',
        response: { 204: noContent, ...errorResponses('unauthenticated') },
      },
      config: signedIn,
    },
    async (request, reply) => {
      await completeSellerTutorial(app.db, request.user.userId);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/account/password-reset',
    {
      schema: {
        summary: 'Mail the signed-in user a password reset link',
        response: { 200: ok, ...errorResponses('unauthenticated', 'resource-exhausted') },
      },
      config: { ...signedIn, ...limited(5, 15) },
    },
    async (request, reply) => {
      const details = await getAccountDetails(app.db, request.user.userId);
      app.afterReply.run(reply, 'password reset request', () =>
        requestPasswordReset(app.db, app.mailQueued, details.email, app.config.publicUrl),
      );
      return { ok: true as const };
    },
  );

  api.post(
    '/api/account/reauthenticate',
    {
      schema: {
        summary: 'Confirm the password before a sensitive change',
        body: reauthenticateSchema,
        response: {
          204: noContent,
          ...errorResponses(
            'unauthenticated',
            'invalid-argument',
            'wrong-password',
            'no-password',
            'resource-exhausted',
          ),
        },
      },
      config: signedIn,
    },
    async (request, reply) => {
      const session = request.user;
      await verifyPasswordForReauth(app.db, session.userId, request.body.password, request.ip);
      await markReauthenticated(app.db, session.sessionHash);
      return reply.status(204).send();
    },
  );

  api.delete(
    '/api/account',
    {
      schema: {
        summary: "Delete the signed-in user's account",
        response: { 204: noContent, ...errorResponses('unauthenticated', 'requires-recent-login') },
      },
      config: signedIn,
    },
    async (request, reply) => {
      const session = request.user;
      await deleteAccount(app.db, app.accountDeletion, session.userId, session.reauthenticatedAt);
      clearSessionCookie(reply, secure);
      return reply.status(204).send();
    },
  );
}
