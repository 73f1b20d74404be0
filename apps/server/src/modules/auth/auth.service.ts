import type { Kysely, Transaction } from 'kysely';
import {
  adminUserMessages,
  authMessages,
  isAdministratorGrants,
  DEFAULT_PUBLIC_REDIRECT,
  DEFAULT_STAFF_REDIRECT,
  INVITATION_TTL_DAYS,
  safeReturnUrl,
  type AuthUser,
  type completePasswordResetSchema,
  type loginSchema,
  type signUpSchema,
} from '@planning/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { AuthTokenPurpose, Database, SessionRevokeReason } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  isUniqueViolation,
  unauthorized,
} from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { accountKey, TooManyRequestsError, type Attempt, type AttemptLimiter } from '../../lib/rate-limit';
import type { ResolvedTenant } from '../tenants/tenants.resolve';
import { grantsOfUser } from '../access/access.queries';
import { recordAudit, type AuditActor } from '../audit/audit.record';
import { hashPassword, hashToken, newToken, verifyPassword } from './auth.crypto';
import { councilName, sendAsCouncil } from './auth.council-mail';
import { passwordResetMail, verificationMail } from './auth.mail';
import {
  consumeAuthToken,
  findUserByEmail,
  findUserById,
  insertAuthToken,
  insertSession,
  insertUser,
  markEmailVerified,
  revokeSession,
  revokeUserSessions,
  setPasswordHash,
  type UserRow,
} from './auth.queries';

export type SignUpData = z.output<typeof signUpSchema> & { about?: unknown; meta?: unknown };

export type AuthDeps = {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  limiter: AttemptLimiter;
  log: { error(obj: unknown, msg: string): void };
};

export type RequestContext = { tenant: ResolvedTenant; ip: string; userAgent: string | null };

const VERIFY_LINK_TTL_MS = 24 * 3_600_000;
const RESET_LINK_TTL_MS = 3_600_000;
const INVITE_LINK_TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;

export function presentUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    provider: user.provider,
    emailVerified: user.email_verified_at !== null,
    kind: user.kind,
  };
}

export function appLink(deps: AuthDeps, tenant: { name: string }, params: Record<string, string>): string {
  const base = deps.config.appUrlTemplate.replaceAll('{tenant}', tenant.name).replace(/\/+$/, '');
  // `tenant` lets a link opened on a shared host (localhost, previews) pick the right council.
  const query = new URLSearchParams({ ...params, tenant: tenant.name });
  return `${base}/auth-action?${query.toString()}`;
}

const LINK_TTL_MS: Record<AuthTokenPurpose, number> = {
  'verify-email': VERIFY_LINK_TTL_MS,
  'reset-password': RESET_LINK_TTL_MS,
  invite: INVITE_LINK_TTL_MS,
};
const LINK_MODE: Record<AuthTokenPurpose, string> = {
  'verify-email': 'verifyEmail',
  'reset-password': 'resetPassword',
  invite: 'invite',
};

/** A new single-use link of `purpose` for the user, stored hashed in the caller's transaction. */
export async function newLinkToken(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  purpose: AuthTokenPurpose,
): Promise<{ token: string; mode: string }> {
  const token = newToken();
  await insertAuthToken(trx, {
    tenantId,
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_TTL_MS[purpose]),
  });
  return { token, mode: LINK_MODE[purpose] };
}

/** Stores a new single-use token for the user (replacing older ones) and returns its link. */
async function issueLink(
  deps: AuthDeps,
  ctx: RequestContext,
  userId: string,
  purpose: AuthTokenPurpose,
  extra: Record<string, string> = {},
): Promise<string> {
  const token = newToken();
  await withTenant(deps.db, ctx.tenant.id, (trx) =>
    insertAuthToken(trx, {
      tenantId: ctx.tenant.id,
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + LINK_TTL_MS[purpose]),
    }),
  );
  return appLink(deps, ctx.tenant, { mode: LINK_MODE[purpose], token, ...extra });
}

async function sendVerification(
  deps: AuthDeps,
  ctx: RequestContext,
  user: { id: string; email: string },
  continueUrl?: string,
) {
  const extra: Record<string, string> = continueUrl
    ? { continueUrl: safeReturnUrl(continueUrl, DEFAULT_PUBLIC_REDIRECT) }
    : {};
  const link = await issueLink(deps, ctx, user.id, 'verify-email', extra);
  await sendAsCouncil(deps, ctx.tenant, (council) => verificationMail(user.email, council, link));
}

/** Creates a public consultation account and emails a link to confirm the address. */
export async function signUp(deps: AuthDeps, ctx: RequestContext, data: SignUpData) {
  await deps.limiter.limitEmailCall(attemptOf(ctx, data.email));
  const existing = await withTenant(deps.db, ctx.tenant.id, (trx) => findUserByEmail(trx, data.email));
  if (existing) throw conflict(authMessages.emailInUse);
  const passwordHash = await hashPassword(data.password);
  let userId: string;
  try {
    userId = await withTenant(deps.db, ctx.tenant.id, (trx) =>
      insertUser(trx, {
        tenantId: ctx.tenant.id,
        email: data.email,
        name: data.name,
        phone: data.phone,
        passwordHash,
        provider: 'firebase-auth',
        kind: 'public',
        emailVerified: false,
        about: plainObject(data.about),
        meta: plainObject(data.meta),
      }),
    );
  } catch (error) {
    // Two sign-ups racing for one address: the database's unique key decides.
    if (isUniqueViolation(error)) throw conflict(authMessages.emailInUse);
    throw error;
  }
  await sendVerification(deps, ctx, { id: userId, email: data.email }, data.returnUrl);
  return { message: authMessages.verificationSent };
}

export type NewSession = {
  user: AuthUser;
  token: string;
  csrfToken: string;
  redirectTo: string;
  expiresAt: Date;
};

/** Email and password sign-in. Every failure reads the same, so it tells nobody which emails exist. */
export async function login(
  deps: AuthDeps,
  ctx: RequestContext,
  data: z.output<typeof loginSchema>,
): Promise<NewSession> {
  const attempt = attemptOf(ctx, data.email);
  const { locked } = await deps.limiter.checkSignIn(attempt);
  const user = await withTenant(deps.db, ctx.tenant.id, (trx) => findUserByEmail(trx, data.email));
  const passwordAccount = user && user.provider === 'firebase-auth' && !user.disabled_at ? user : undefined;
  if (locked) {
    // Too many failures from everywhere: the password is not even checked (so the answer tells
    // nobody whether it was right), and only a link sent to the owner's inbox signs them in.
    // One link per window, claimed whether or not the account exists (the same work either way).
    const notify = await deps.limiter.claimLockNotice(attempt.account);
    if (notify && passwordAccount) sendInBackground(deps, () => sendResetLink(deps, ctx, passwordAccount));
    throw new HttpError(429, authMessages.signInNeedsEmailLink);
  }
  const valid = await verifyPassword(passwordAccount?.password_hash, data.password);
  if (!passwordAccount || !valid) {
    await deps.limiter.countFailure(attempt);
    throw unauthorized(authMessages.credentialsIncorrect);
  }
  if (!passwordAccount.email_verified_at) {
    await sendVerification(deps, ctx, passwordAccount, data.returnUrl);
    throw forbidden(authMessages.accountNotActivated);
  }
  const fallback = passwordAccount.kind === 'staff' ? DEFAULT_STAFF_REDIRECT : DEFAULT_PUBLIC_REDIRECT;
  return {
    ...(await startSession(deps, ctx, passwordAccount)),
    redirectTo: safeReturnUrl(data.returnUrl, fallback),
  };
}

/**
 * Any sign-in method ends here, so adding a provider never touches sessions. The sign-in is noted
 * on the account (the users screen shows it), and an administrator's is audited (issue 16 point 5).
 */
export async function startSession(deps: AuthDeps, ctx: RequestContext, user: UserRow) {
  const token = newToken();
  const csrfToken = newToken();
  const expiresAt = new Date(Date.now() + deps.config.session.absoluteMs);
  await withTenant(deps.db, ctx.tenant.id, async (trx) => {
    await insertSession(trx, {
      tenantId: ctx.tenant.id,
      userId: user.id,
      tokenHash: hashToken(token),
      csrfToken,
      provider: user.provider,
      expiresAt,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    });
    await trx.updateTable('users').set({ last_sign_in_at: new Date() }).where('id', '=', user.id).execute();
    if (user.kind === 'staff' && isAdministratorGrants(await grantsOfUser(trx, user.id))) {
      await recordAudit(trx, ctx.tenant.id, actorFromContext(ctx, user), {
        action: 'auth.admin-sign-in',
        targetType: 'user',
        targetId: user.id,
        summary: `${user.email} signed in as an administrator`,
        details: { provider: user.provider },
      });
    }
  });
  return { user: presentUser(user), token, csrfToken, expiresAt };
}

function actorFromContext(ctx: RequestContext, user: { id: string; email: string }): AuditActor {
  return { userId: user.id, email: user.email, ip: ctx.ip, userAgent: ctx.userAgent };
}

/** Ends every session of the signed-in user, audited (issue 16 point 5). */
export async function signOutEverywhere(
  deps: AuthDeps,
  ctx: RequestContext,
  session: { tenantId: string; userId: string },
) {
  await withTenant(deps.db, session.tenantId, async (trx) => {
    const ended = await revokeUserSessions(trx, session.userId, 'sign-out-everywhere');
    const user = await findUserById(trx, session.userId);
    await recordAudit(
      trx,
      session.tenantId,
      actorFromContext(ctx, { id: session.userId, email: user?.email ?? '' }),
      {
        action: 'auth.sign-out-everywhere',
        targetType: 'user',
        targetId: session.userId,
        summary: `${user?.email ?? 'A user'} signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'} ended)`,
        details: { ended },
      },
    );
  });
}

/** The account an unused, unexpired invitation link is for, without using the link. */
export async function checkInvitation(deps: AuthDeps, ctx: RequestContext, data: { token: string }) {
  const found = await withTenant(deps.db, ctx.tenant.id, (trx) =>
    trx
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select(['users.email', 'users.name', 'users.password_hash', 'users.disabled_at', 'users.deleted_at'])
      .where('auth_tokens.token_hash', '=', hashToken(data.token))
      .where('auth_tokens.purpose', '=', 'invite')
      .where('auth_tokens.used_at', 'is', null)
      .where('auth_tokens.expires_at', '>', new Date())
      .executeTakeFirst(),
  );
  if (!found || found.password_hash !== null || found.disabled_at || found.deleted_at)
    throw badRequest(adminUserMessages.invitationInvalid);
  return { email: found.email, name: found.name, council: await councilName(deps, ctx.tenant) };
}

/** The invited person chooses a password (the link is used once) and is signed in. */
export async function acceptInvitation(
  deps: AuthDeps,
  ctx: RequestContext,
  data: { token: string; password: string },
): Promise<NewSession> {
  const passwordHash = await hashPassword(data.password);
  const user = await withTenant(deps.db, ctx.tenant.id, async (trx) => {
    const used = await consumeAuthToken(trx, hashToken(data.token), 'invite');
    if (!used) return undefined;
    const account = await trx
      .selectFrom('users')
      .select(['password_hash', 'disabled_at', 'deleted_at', 'kind'])
      .where('id', '=', used.user_id)
      .executeTakeFirst();
    if (!account || account.password_hash !== null || account.disabled_at || account.deleted_at)
      return undefined;
    await setPasswordHash(trx, used.user_id, passwordHash);
    // Following the emailed link proved the address is theirs.
    await markEmailVerified(trx, used.user_id);
    return findUserById(trx, used.user_id);
  });
  if (!user) throw badRequest(adminUserMessages.invitationInvalid);
  const fallback = user.kind === 'staff' ? DEFAULT_STAFF_REDIRECT : DEFAULT_PUBLIC_REDIRECT;
  return { ...(await startSession(deps, ctx, user)), redirectTo: fallback };
}

export async function resendVerification(deps: AuthDeps, ctx: RequestContext, data: { email: string }) {
  await deps.limiter.limitEmailCall(attemptOf(ctx, data.email));
  const user = await withTenant(deps.db, ctx.tenant.id, (trx) => findUserByEmail(trx, data.email));
  if (user && !user.email_verified_at && user.provider === 'firebase-auth') {
    sendInBackground(deps, () => sendVerification(deps, ctx, user));
  }
  return { message: authMessages.verificationSent };
}

export async function verifyEmail(deps: AuthDeps, ctx: RequestContext, data: { token: string }) {
  const user = await withTenant(deps.db, ctx.tenant.id, async (trx) => {
    const used = await consumeAuthToken(trx, hashToken(data.token), 'verify-email');
    if (!used) return undefined;
    await markEmailVerified(trx, used.user_id);
    return findUserById(trx, used.user_id);
  });
  if (!user) throw badRequest(authMessages.linkInvalid);
  return {
    message: 'Your email address has been confirmed',
    redirectTo: user.kind === 'staff' ? '/sign-in' : '/login',
  };
}

/** Always the same answer, sent at once: whether an account exists is never revealed. */
export async function requestPasswordReset(deps: AuthDeps, ctx: RequestContext, data: { email: string }) {
  await deps.limiter.limitEmailCall(attemptOf(ctx, data.email));
  const user = await withTenant(deps.db, ctx.tenant.id, (trx) => findUserByEmail(trx, data.email));
  if (user && user.provider === 'firebase-auth' && !user.disabled_at) {
    sendInBackground(deps, () => sendResetLink(deps, ctx, user));
  }
  return { message: authMessages.resetSent };
}

async function sendResetLink(deps: AuthDeps, ctx: RequestContext, user: { id: string; email: string }) {
  const link = await issueLink(deps, ctx, user.id, 'reset-password');
  await sendAsCouncil(deps, ctx.tenant, (council) => passwordResetMail(user.email, council, link));
}

export async function completePasswordReset(
  deps: AuthDeps,
  ctx: RequestContext,
  data: z.output<typeof completePasswordResetSchema>,
) {
  const passwordHash = await hashPassword(data.password);
  const user = await withTenant(deps.db, ctx.tenant.id, async (trx) => {
    const used = await consumeAuthToken(trx, hashToken(data.token), 'reset-password');
    if (!used) return undefined;
    await setPasswordHash(trx, used.user_id, passwordHash);
    // Following the link proved the address is theirs.
    await markEmailVerified(trx, used.user_id);
    await revokeUserSessions(trx, used.user_id, 'password-changed');
    return findUserById(trx, used.user_id);
  });
  if (!user) throw badRequest(authMessages.linkInvalid);
  // The owner proved it is them: failed attempts by anyone else no longer stand in their way.
  await deps.limiter.clearAccount({ ip: ctx.ip, account: accountKey(ctx.tenant.id, user.email) });
  return { message: authMessages.passwordChanged };
}

export async function changePassword(
  deps: AuthDeps,
  ctx: RequestContext,
  session: { sessionId: string; userId: string },
  input: { currentPassword: string; password: string },
) {
  const user = await withTenant(deps.db, ctx.tenant.id, (trx) => findUserById(trx, session.userId));
  // The same counters as signing in: a wrong current password is a failed attempt on the account.
  const attempt = user ? attemptOf(ctx, user.email) : { ip: ctx.ip };
  const { locked } = await deps.limiter.checkSignIn(attempt);
  if (locked) throw new TooManyRequestsError(deps.config.authRateLimit.windowSeconds);
  if (!user || !(await verifyPassword(user.password_hash, input.currentPassword))) {
    await deps.limiter.countFailure(attempt);
    throw new HttpError(400, authMessages.passwordIncorrect, [
      { path: 'body.currentPassword', message: authMessages.passwordIncorrect },
    ]);
  }
  const passwordHash = await hashPassword(input.password);
  await withTenant(deps.db, ctx.tenant.id, async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, 'password-changed', session.sessionId);
  });
}

export async function endSession(
  deps: AuthDeps,
  tenantId: string,
  sessionId: string,
  reason: SessionRevokeReason,
) {
  await withTenant(deps.db, tenantId, (trx) => revokeSession(trx, sessionId, reason));
}

export async function endUserSessions(
  deps: AuthDeps,
  tenantId: string,
  userId: string,
  reason: SessionRevokeReason,
) {
  return withTenant(deps.db, tenantId, (trx) => revokeUserSessions(trx, userId, reason));
}

function attemptOf(ctx: RequestContext, email: string): Required<Attempt> {
  return { ip: ctx.ip, account: accountKey(ctx.tenant.id, email) };
}

function sendInBackground(deps: AuthDeps, work: () => Promise<void>) {
  work().catch((error: unknown) => deps.log.error({ err: error }, 'sending an account email failed'));
}

function plainObject(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  // Stored as given (a JSON object the client chose), bounded so it cannot grow without limit.
  return JSON.stringify(value).length <= 4000 ? (value as Record<string, unknown>) : {};
}
