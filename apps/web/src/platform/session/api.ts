import {
  accessAnswerSchema,
  authUserSchema,
  providerSchema,
  sessionStateSchema,
  type AccessAction,
  type AccessUnit,
  type AuthUser,
} from '@planning/shared';
import { api, ApiError, setCsrfToken } from '../../api/client';

export const authQueryKeys = {
  all: ['auth'] as const,
  user: ['auth', 'user'] as const,
  providers: ['auth', 'providers'] as const,
  access: (unit: AccessUnit, action: AccessAction) => ['auth', 'access', unit, action] as const,
};

// Structural schemas for small answers, so the web app needs no zod of its own.
const messageSchema = {
  safeParse: (data: unknown) =>
    typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string'
      ? { success: true as const, data: data as { message: string; redirectTo?: string } }
      : { success: false as const, error: data },
};
const emptySchema = { safeParse: (data: unknown) => ({ success: true as const, data }) };
const providersSchema = {
  safeParse: (data: unknown) => {
    const list = (data as { providers?: unknown[] } | null)?.providers;
    if (!Array.isArray(list)) return { success: false as const, error: data };
    const parsed = list.map((item) => providerSchema.safeParse(item));
    return parsed.every((p) => p.success)
      ? { success: true as const, data: parsed.map((p) => p.data!) }
      : { success: false as const, error: data };
  },
};
const loginAnswerSchema = {
  safeParse: (data: unknown) => {
    const answer = data as { user?: unknown; redirectTo?: unknown; csrfToken?: unknown } | null;
    const user = authUserSchema.safeParse(answer?.user);
    return user.success && typeof answer?.redirectTo === 'string' && typeof answer.csrfToken === 'string'
      ? {
          success: true as const,
          data: { user: user.data, redirectTo: answer.redirectTo, csrfToken: answer.csrfToken },
        }
      : { success: false as const, error: data };
  },
};

/** The signed-in user, or null when signed out. A revoked session is sent to its own page. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    const state = await api.get('/auth/is-authenticated', sessionStateSchema, {
      signal,
      expectAuthErrors: true,
    });
    setCsrfToken(state.csrfToken);
    if (!state.isAuthenticated) return null;
    return await api.get('/auth/user', authUserSchema, { signal, expectAuthErrors: true });
  } catch (error) {
    // A revoked session has already been sent to /session-expired by the client.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const fetchProviders = (signal?: AbortSignal) =>
  api.get('/auth/providers', providersSchema, { signal });

export async function login(body: { email: string; password: string; returnUrl?: string }) {
  const answer = await api.post('/auth/firebase-auth/login', loginAnswerSchema, body, {
    expectAuthErrors: true,
  });
  setCsrfToken(answer.csrfToken);
  return answer;
}

export const signUp = (body: Record<string, string>) =>
  api.post('/auth/firebase-auth/signup', messageSchema, body, { expectAuthErrors: true });
export const resendVerification = (email: string) =>
  api.post('/auth/resend-verification', messageSchema, { email }, { expectAuthErrors: true });
export const verifyEmail = (token: string) =>
  api.post('/auth/verify-email', messageSchema, { token }, { expectAuthErrors: true });
export const requestPasswordReset = (email: string) =>
  api.post('/auth/password-reset/request', messageSchema, { email }, { expectAuthErrors: true });
export const completePasswordReset = (body: { token: string; password: string; confirmPassword: string }) =>
  api.post('/auth/password-reset/complete', messageSchema, body, { expectAuthErrors: true });

export async function logout(everywhere = false) {
  await api.post(everywhere ? '/auth/logout-everywhere' : '/auth/logout', emptySchema, undefined, {
    expectAuthErrors: true,
  });
  setCsrfToken(null);
}

export async function fetchAccess(
  unit: AccessUnit,
  action: AccessAction,
  signal?: AbortSignal,
): Promise<boolean> {
  const answer = await api.get('/policy/access', accessAnswerSchema, {
    query: { resource: unit, action },
    signal,
    expectAuthErrors: true,
  });
  return answer.permitted;
}

const invitationSchema = {
  safeParse: (data: unknown) => {
    const answer = data as { email?: unknown; name?: unknown; council?: unknown } | null;
    return typeof answer?.email === 'string' &&
      typeof answer.name === 'string' &&
      typeof answer.council === 'string'
      ? { success: true as const, data: answer as { email: string; name: string; council: string } }
      : { success: false as const, error: data };
  },
};

/** Who an invitation is for, if its link still works (the link is not used up by asking). */
export const checkInvitation = (token: string) =>
  api.post('/auth/invitation/check', invitationSchema, { token }, { expectAuthErrors: true });

/** Sets the invited person's password and signs them in. */
export async function acceptInvitation(body: { token: string; password: string; confirmPassword: string }) {
  const answer = await api.post('/auth/invitation/accept', loginAnswerSchema, body, {
    expectAuthErrors: true,
  });
  setCsrfToken(answer.csrfToken);
  return answer;
}
