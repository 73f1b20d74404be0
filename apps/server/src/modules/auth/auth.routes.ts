import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  authMessages,
  authProviderSchema,
  authUserSchema,
  changePasswordSchema,
  completePasswordResetSchema,
  errorBodySchema,
  loginSchema,
  providerSchema,
  requestPasswordResetSchema,
  sessionStateSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { unauthorized } from '../../lib/errors';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { findUserById, listProviderRows } from './auth.queries';
import {
  changePassword,
  completePasswordReset,
  endSession,
  acceptInvitation,
  checkInvitation,
  login,
  signOutEverywhere,
  presentUser,
  requestPasswordReset,
  resendVerification,
  signUp,
  verifyEmail,
  type RequestContext,
} from './auth.service';
import { clearSessionCookie, reportTerminatedSession, setSessionCookie } from './auth.session';
import { errorResponses } from '../../lib/route-helpers';

const messageSchema = z.object({ message: z.string() });
const errors = errorResponses(400, 401, 403, 409, 429);

function context(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return { tenant: requireTenant(request), ip: request.ip, userAgent: userAgent ?? null };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/is-authenticated',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { 200: sessionStateSchema, 401: errorBodySchema } },
    },
    async (request, reply) => {
      // A revoked session is told so once, so the app can say "your session has ended".
      if (request.sessionTerminated) reportTerminatedSession(request, reply);
      return { isAuthenticated: Boolean(request.auth), csrfToken: request.auth?.csrfToken ?? null };
    },
  );

  app.get(
    '/auth/user',
    { schema: { tags: ['auth'], response: { 200: authUserSchema, 401: errorBodySchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const user = await withTenant(app.database.db, auth.tenantId, (trx) => findUserById(trx, auth.userId));
      if (!user) throw unauthorized(authMessages.unauthenticated);
      return presentUser(user);
    },
  );

  app.get(
    '/auth/providers',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { 200: z.object({ providers: z.array(providerSchema) }) } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const rows = await withTenant(app.database.db, tenant.id, (trx) => listProviderRows(trx));
      // A council that configured nothing offers consultation accounts (email and password).
      const configured =
        rows.length > 0
          ? rows
          : [{ provider: 'firebase-auth' as const, enabled: true, label: 'Email and password' }];
      return {
        providers: configured
          .filter((row) => row.enabled)
          .map((row) => ({
            name: row.provider,
            label: row.label,
            startUrl: row.provider === 'firebase-auth' ? null : `/api/v1/auth/${row.provider}/start`,
          })),
      };
    },
  );

  app.get(
    '/auth/current-provider',
    { schema: { tags: ['auth'], response: { 200: z.object({ provider: authProviderSchema }) } } },
    async (request) => ({ provider: authProviderSchema.parse(requireAuth(request).provider) }),
  );

  app.get(
    '/auth/is-user-without-filled-info',
    { schema: { tags: ['auth'], response: { 200: z.object({ withoutInfo: z.boolean() }) } } },
    async (request) => {
      const auth = requireAuth(request);
      const user = await withTenant(app.database.db, auth.tenantId, (trx) => findUserById(trx, auth.userId));
      return { withoutInfo: !user?.name || !user.phone };
    },
  );

  app.post(
    '/auth/firebase-auth/signup',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Create a consultation account; a link to confirm the email address is sent',
        body: signUpSchema.and(z.object({ about: z.unknown().optional(), meta: z.unknown().optional() })),
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await signUp(app.authDeps, context(request), request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/firebase-auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: {
          200: z.object({ user: authUserSchema, redirectTo: z.string(), csrfToken: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = await login(app.authDeps, context(request), request.body);
      // A session that was there before is replaced, never reused (session fixation).
      if (request.auth)
        await endSession(app.authDeps, request.auth.tenantId, request.auth.sessionId, 'sign-out');
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { user: session.user, redirectTo: session.redirectTo, csrfToken: session.csrfToken };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await endSession(app.authDeps, auth.tenantId, auth.sessionId, 'sign-out');
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/logout-everywhere',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of the signed-in user',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await signOutEverywhere(app.authDeps, context(request), auth);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/change-password',
    { schema: { tags: ['auth'], body: changePasswordSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await changePassword(app.authDeps, context(request), requireAuth(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: requestPasswordResetSchema,
        response: { 202: messageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await resendVerification(app.authDeps, context(request), request.body)),
  );

  app.post(
    '/auth/verify-email',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: verifyEmailSchema,
        response: { 200: messageSchema.extend({ redirectTo: z.string() }), ...errors },
      },
    },
    async (request) => verifyEmail(app.authDeps, context(request), request.body),
  );

  app.post(
    '/auth/password-reset/request',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: requestPasswordResetSchema,
        response: { 202: messageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestPasswordReset(app.authDeps, context(request), request.body)),
  );

  app.post(
    '/auth/password-reset/complete',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: completePasswordResetSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => completePasswordReset(app.authDeps, context(request), request.body),
  );

  app.post(
    '/auth/invitation/check',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Who an invitation link is for, if it can still be used (it is not used up)',
        body: verifyEmailSchema,
        response: {
          200: z.object({ email: z.string(), name: z.string(), council: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => checkInvitation(app.authDeps, context(request), request.body),
  );

  app.post(
    '/auth/invitation/accept',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation: choose a password and sign in (the link works once)',
        body: acceptInvitationSchema,
        response: {
          200: z.object({ user: authUserSchema, redirectTo: z.string(), csrfToken: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = await acceptInvitation(app.authDeps, context(request), request.body);
      if (request.auth)
        await endSession(app.authDeps, request.auth.tenantId, request.auth.sessionId, 'sign-out');
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { user: session.user, redirectTo: session.redirectTo, csrfToken: session.csrfToken };
    },
  );
};
