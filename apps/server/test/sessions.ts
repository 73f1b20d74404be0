import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../src/seed/demo-users';

export type SignedIn = {
  cookie: string;
  csrfToken: string;
  /** Headers for a call as this user: tenant, session cookie and CSRF token. */
  headers(extra?: Record<string, string>): Record<string, string>;
};

/** Signs in through the real endpoint, as the web app does. */
export async function signIn(
  app: FastifyInstance,
  tenantName: string,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/firebase-auth/login',
    headers: { 'x-tenant': tenantName },
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((cookie) => cookie.name === 'planning_session');
  if (!session) throw new Error('no session cookie');
  const cookie = `planning_session=${session.value}`;
  const csrfToken = response.json().csrfToken as string;
  return {
    cookie,
    csrfToken,
    headers: (extra = {}) => ({ 'x-tenant': tenantName, cookie, 'x-csrf-token': csrfToken, ...extra }),
  };
}
