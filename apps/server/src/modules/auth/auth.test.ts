import { sql } from 'kysely';
import { authMessages } from '@planning/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenant, buildTenantWithUsers } from '../../../test/factories';
import { signIn } from '../../../test/sessions';
import { buildTestApp, latestLink, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, tenant: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { 'x-tenant': tenant, ...headers },
    payload: payload as object,
  });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

let counter = 0;
const newEmail = () => `person${++counter}.${Date.now()}@example.test`;
// Attempt counters may be shared by the whole run (PostgreSQL, Redis): an address of its own.
const uniqueAddress = () => `10.${(process.pid >> 8) % 256}.${process.pid % 256}.${++counter % 250}`;

const signInFrom =
  (app: TestApp, tenant: string) =>
  (remoteAddress: string, email: string, password = 'wrong-password') =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/firebase-auth/login',
      headers: { 'x-tenant': tenant },
      payload: { email, password },
      remoteAddress,
    });
const validSignUp = (email: string) => ({
  email,
  password: 'Sunny-Day-42',
  confirmPassword: 'Sunny-Day-42',
  name: 'Mary-Jane Smith',
  phone: '020 7946 0958',
});

describe('sign-up', () => {
  it.each([
    ['email', { email: 'not-an-email' }, 'Email must be valid'],
    ['email', { email: `${'a'.repeat(95)}@example.test` }, 'Email length must be less than 100 characters'],
    ['password', { password: 'abc12', confirmPassword: 'abc12' }, 'Password must be at least 6 characters'],
    [
      'password',
      { password: 'x'.repeat(101), confirmPassword: 'x'.repeat(101) },
      'Password must be at most 100 characters',
    ],
    ['confirmPassword', { confirmPassword: 'Sunny-Day-43' }, 'Passwords should match'],
    ['phone', { phone: '12345' }, 'Must be a valid phone number'],
    ['phone', { phone: '+1 212 555 0100' }, 'Must be a valid phone number'],
    [
      'name',
      { name: 'mary smith' },
      'Name must start with a capital letter, then lower-case letters, with spaces or hyphens between parts',
    ],
    ['name', { name: `A${'b'.repeat(128)}` }, 'Name must be at most 128 characters'],
  ])('rejects a bad %s with the spec message', async (field, change, message) => {
    const tenant = await buildTenant(t.database.db);
    const response = await post('/auth/firebase-auth/signup', tenant.name, {
      ...validSignUp(newEmail()),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Payload data is invalid');
    expect(response.json().issues).toContainEqual({ path: `body.${field}`, message });
  });

  it('creates an unverified account with an argon2id hash and emails a single-use link', async () => {
    const tenant = await buildTenant(t.database.db);
    const email = newEmail();
    const response = await post('/auth/firebase-auth/signup', tenant.name, {
      ...validSignUp(email.toUpperCase()),
      name: '  Ann Lee  ',
    });
    expect(response.statusCode).toBe(201);
    const user = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow(),
    );
    expect(user).toMatchObject({
      name: 'Ann Lee',
      kind: 'public',
      provider: 'firebase-auth',
      email_verified_at: null,
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const link = await latestLink(t.outbox, email);
    expect(link.origin).toBe(`http://${tenant.name}.planning.test`);
    expect(link.pathname).toBe('/auth-action');
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(link.searchParams.get('tenant')).toBe(tenant.name);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const tenant = await buildTenant(t.database.db);
    const email = newEmail();
    expect((await post('/auth/firebase-auth/signup', tenant.name, validSignUp(email))).statusCode).toBe(201);
    const again = await post('/auth/firebase-auth/signup', tenant.name, validSignUp(email.toUpperCase()));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'User with email you provided already exists' });
  });
});

describe('email verification and first sign-in', () => {
  it('sends a new link to an unverified account that signs in, then signs it in once verified', async () => {
    const tenant = await buildTenant(t.database.db);
    const email = newEmail();
    await post('/auth/firebase-auth/signup', tenant.name, validSignUp(email));
    const first = await latestLink(t.outbox, email);

    const early = await post('/auth/firebase-auth/login', tenant.name, { email, password: 'Sunny-Day-42' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: 'Account is not activated' });
    const second = await latestLink(t.outbox, email);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));

    // Only the newest link works.
    const stale = await post('/auth/verify-email', tenant.name, { token: first.searchParams.get('token') });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('This link is invalid or has expired. Please ask for a new one.');

    const verified = await post('/auth/verify-email', tenant.name, {
      token: second.searchParams.get('token'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: 'Your email address has been confirmed',
      redirectTo: '/login',
    });
    const reused = await post('/auth/verify-email', tenant.name, { token: second.searchParams.get('token') });
    expect(reused.statusCode).toBe(400);

    const login = await post('/auth/firebase-auth/login', tenant.name, { email, password: 'Sunny-Day-42' });
    expect(login.statusCode).toBe(200);
    expect(login.json().redirectTo).toBe('/p/document/all');
    const cookie = login.cookies.find((c) => c.name === 'planning_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('refuses a forged or expired verification link', async () => {
    const tenant = await buildTenant(t.database.db);
    const email = newEmail();
    await post('/auth/firebase-auth/signup', tenant.name, validSignUp(email));
    const forged = await post('/auth/verify-email', tenant.name, { token: 'A'.repeat(43) });
    expect(forged.statusCode).toBe(400);

    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .execute(),
    );
    const link = await latestLink(t.outbox, email);
    const expired = await post('/auth/verify-email', tenant.name, { token: link.searchParams.get('token') });
    expect(expired.statusCode).toBe(400);
  });
});

describe('sign-in', () => {
  it('validates the sign-in form with the spec messages', async () => {
    const tenant = await buildTenant(t.database.db);
    const response = await post('/auth/firebase-auth/login', tenant.name, { email: 'nope', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: 'Email must be valid' },
        { path: 'body.password', message: 'Field is required' },
      ]),
    );
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const wrong = await post('/auth/firebase-auth/login', tenant.name, {
      email: tenant.email('officer'),
      password: 'nope-nope',
    });
    const unknown = await post('/auth/firebase-auth/login', tenant.name, {
      email: 'nobody@example.test',
      password: 'nope-nope',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Email or password is incorrect' });
    }
  });

  it('sends staff to the site map and honours only same-site return URLs', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const login = (returnUrl?: string) =>
      post('/auth/firebase-auth/login', tenant.name, {
        email: tenant.email('officer'),
        password: 'Password123!',
        returnUrl,
      });
    expect((await login()).json().redirectTo).toBe('/map');
    expect((await login('/table?x=1')).json().redirectTo).toBe('/table?x=1');
    expect((await login('//evil.example/phish')).json().redirectTo).toBe('/map');
    expect((await login('https://evil.example')).json().redirectTo).toBe('/map');
  });

  it("gives a council's account nothing at another council, sign-in included", async () => {
    const demo = await buildTenantWithUsers(t.database.db);
    const other = await buildTenantWithUsers(t.database.db);
    const elsewhere = await post('/auth/firebase-auth/login', other.name, {
      email: demo.email('admin'),
      password: 'Password123!',
    });
    expect(elsewhere.statusCode).toBe(401);

    const session = await signIn(t.app, demo.name, demo.email('admin'));
    const crossed = await get('/auth/user', { ...session.headers(), 'x-tenant': other.name });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual({ message: 'Unauthenticated' });
    const home = await get('/auth/user', session.headers());
    expect(home.statusCode).toBe(200);
    expect(home.json()).toMatchObject({ email: demo.email('admin'), kind: 'staff', emailVerified: true });
  });

  it('limits failures per account and address pair, so nobody can lock the owner out from elsewhere', async () => {
    const limited = await buildTestApp({
      env: { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '6', AUTH_RATE_LIMIT_PER_ACCOUNT: '20' },
    });
    try {
      const tenant = await buildTenantWithUsers(limited.database.db);
      const [a, b] = [uniqueAddress(), uniqueAddress()];
      const attempt = signInFrom(limited, tenant.name);
      // Successful sign-ins do not count: a whole office shares one address.
      for (let i = 0; i < 8; i += 1)
        expect((await attempt(a, tenant.email('admin'), 'Password123!')).statusCode).toBe(200);

      for (let i = 0; i < 3; i += 1) expect((await attempt(a, tenant.email('viewer'))).statusCode).toBe(401);
      // That address is refused for that account, checked before any password, even the right one...
      const blocked = await attempt(a, tenant.email('viewer'), 'Password123!');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many requests, Please try again later' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // ...but the owner, elsewhere, signs in.
      expect((await attempt(b, tenant.email('viewer'), 'Password123!')).statusCode).toBe(200);

      // The same address trying other accounts runs into its own limit.
      for (let i = 0; i < 3; i += 1)
        expect((await attempt(a, `other${i}@example.test`)).statusCode).toBe(401);
      expect((await attempt(a, 'fresh@example.test')).statusCode).toBe(429);
      // Sign-up shares the address's limit.
      const signUp = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/firebase-auth/signup',
        headers: { 'x-tenant': tenant.name },
        payload: validSignUp('new@example.test'),
        remoteAddress: a,
      });
      expect(signUp.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('after too many failures from everywhere, signs the owner in only through an emailed link', async () => {
    const limited = await buildTestApp({
      env: { AUTH_RATE_LIMIT_PER_EMAIL: '2', AUTH_RATE_LIMIT_PER_ACCOUNT: '5' },
    });
    try {
      const tenant = await buildTenantWithUsers(limited.database.db);
      const email = tenant.email('viewer');
      const attempt = signInFrom(limited, tenant.name);
      // An attacker spreads guesses over many addresses, one each: no pair reaches its limit.
      for (let i = 0; i < 5; i += 1) expect((await attempt(uniqueAddress(), email)).statusCode).toBe(401);
      for (let i = 0; i < 5; i += 1)
        expect((await attempt(uniqueAddress(), 'ghost@example.test')).statusCode).toBe(401);

      const home = uniqueAddress();
      const owner = await attempt(home, email, 'Password123!');
      const guess = await attempt(uniqueAddress(), email);
      const ghost = await attempt(uniqueAddress(), 'ghost@example.test');
      // The same answer whatever the password, and for an unknown address: nothing is revealed.
      for (const response of [owner, guess, ghost]) {
        expect(response.statusCode).toBe(429);
        expect(response.json()).toEqual({ message: authMessages.signInNeedsEmailLink });
        expect(response.cookies.find((cookie) => cookie.name === 'planning_session')).toBeUndefined();
      }
      // One reset link, to the owner only.
      await expect
        .poll(async () => (await limited.outbox()).filter((mail) => mail.subject.startsWith('Reset')).length)
        .toBe(1);
      expect((await limited.outbox()).at(-1)?.to).toBe(email);

      const token = (await latestLink(limited.outbox, email)).searchParams.get('token');
      const reset = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/complete',
        headers: { 'x-tenant': tenant.name },
        payload: { token, password: 'New-Pass-9', confirmPassword: 'New-Pass-9' },
        remoteAddress: home,
      });
      expect(reset.statusCode).toBe(200);
      expect((await attempt(home, email, 'New-Pass-9')).statusCode).toBe(200);
      expect((await attempt(uniqueAddress(), email, 'New-Pass-9')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const response = await post(
      '/auth/firebase-auth/login',
      tenant.name,
      { email: tenant.email('officer'), password: 'Password123!' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('needs the CSRF token for state-changing calls and ends the session on sign-out', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const session = await signIn(t.app, tenant.name, tenant.email('viewer'));
    const noToken = await post('/auth/logout', tenant.name, {}, { cookie: session.cookie });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await post(
      '/auth/logout',
      tenant.name,
      {},
      { cookie: session.cookie, 'x-csrf-token': 'x'.repeat(43) },
    );
    expect(wrongToken.statusCode).toBe(403);

    const state = await get('/auth/is-authenticated', session.headers());
    expect(state.json()).toEqual({ isAuthenticated: true, csrfToken: session.csrfToken });

    const out = await post('/auth/logout', tenant.name, {}, session.headers());
    expect(out.statusCode).toBe(204);
    const after = await get('/auth/user', session.headers());
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Session terminated' });
    expect((await get('/auth/is-authenticated', session.headers())).json()).toEqual({
      message: 'Session terminated',
    });
  });

  it('tells a revoked session so once, even after public calls, then treats it as signed out', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const session = await signIn(t.app, tenant.name, tenant.email('viewer'));
    await post(
      '/auth/logout-everywhere',
      tenant.name,
      {},
      (await signIn(t.app, tenant.name, tenant.email('viewer'))).headers(),
    );
    const publicCall = await get('/tenants/current', session.headers());
    expect(publicCall.statusCode).toBe(200);
    const told = await get('/auth/user', session.headers());
    expect(told.json()).toEqual({ message: 'Session terminated' });
    expect(told.cookies.find((cookie) => cookie.name === 'planning_session')?.value).toBe('');
  });

  it('ends every session at once on "sign out everywhere"', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const laptop = await signIn(t.app, tenant.name, tenant.email('officer'));
    const phone = await signIn(t.app, tenant.name, tenant.email('officer'));
    expect((await post('/auth/logout-everywhere', tenant.name, {}, phone.headers())).statusCode).toBe(204);
    const next = await get('/auth/user', laptop.headers());
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe('Session terminated');
  });

  it('lets an administrator end a user’s sessions, effective on the very next request', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const viewer = await signIn(t.app, tenant.name, tenant.email('viewer'));
    const admin = await signIn(t.app, tenant.name, tenant.email('admin'));
    const viewerId = (await get('/auth/user', viewer.headers())).json().id;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/access/users/${viewerId}/sessions`,
      headers: admin.headers(),
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    const next = await get('/auth/user', viewer.headers());
    expect(next.json()).toEqual({ message: 'Session terminated' });
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const idle = await signIn(t.app, tenant.name, tenant.email('viewer'));
    const old = await signIn(t.app, tenant.name, tenant.email('officer'));
    await withTenant(t.database.db, tenant.id, async (trx) => {
      await sql`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = (select id from users where email = ${tenant.email('viewer')})`.execute(
        trx,
      );
      await sql`update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${tenant.email('officer')})`.execute(
        trx,
      );
    });
    for (const session of [idle, old]) {
      const response = await get('/auth/user', session.headers());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated' });
    }
  });

  it('stores sessions only as hashes', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const session = await signIn(t.app, tenant.name, tenant.email('viewer'));
    const token = session.cookie.split('=')[1] ?? '';
    const rows = await withTenant(t.database.db, tenant.id, (trx) =>
      trx.selectFrom('sessions').select('token_hash').execute(),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known emails, and only emails the account holder', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const before = (await t.outbox()).length;
    const unknown = await post('/auth/password-reset/request', tenant.name, { email: 'ghost@example.test' });
    const known = await post('/auth/password-reset/request', tenant.name, {
      email: tenant.email('resident'),
    });
    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({
        message: 'If an account exists for that email, we have sent a link to reset the password.',
      });
    }
    await expect.poll(async () => (await t.outbox()).length).toBe(before + 1);
    expect((await t.outbox()).at(-1)?.to).toBe(tenant.email('resident'));
  });

  it('refuses a forged or expired reset link', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const email = tenant.email('viewer');
    const complete = (token: string | null) =>
      post('/auth/password-reset/complete', tenant.name, {
        token,
        password: 'New-Pass-9',
        confirmPassword: 'New-Pass-9',
      });
    const forged = await complete('B'.repeat(43));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      message: 'This link is invalid or has expired. Please ask for a new one.',
    });

    await post('/auth/password-reset/request', tenant.name, { email });
    await expect.poll(async () => (await t.outbox()).some((mail) => mail.to === email)).toBe(true);
    await withTenant(t.database.db, tenant.id, (trx) =>
      trx
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('purpose', '=', 'reset-password')
        .execute(),
    );
    const expired = await complete((await latestLink(t.outbox, email)).searchParams.get('token'));
    expect(expired.statusCode).toBe(400);
    // The password did not change.
    await signIn(t.app, tenant.name, email);
  });

  it('changes the password once per link and ends every session of the account', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const email = tenant.email('resident');
    const session = await signIn(t.app, tenant.name, email);
    await post('/auth/password-reset/request', tenant.name, { email });
    await expect
      .poll(async () =>
        (await t.outbox()).some((mail) => mail.to === email && mail.subject.startsWith('Reset')),
      )
      .toBe(true);
    const token = (await latestLink(t.outbox, email)).searchParams.get('token');

    const mismatch = await post('/auth/password-reset/complete', tenant.name, {
      token,
      password: 'New-Pass-9',
      confirmPassword: 'Other-9',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().issues).toContainEqual({
      path: 'body.confirmPassword',
      message: 'Passwords should match',
    });

    const done = await post('/auth/password-reset/complete', tenant.name, {
      token,
      password: 'New-Pass-9',
      confirmPassword: 'New-Pass-9',
    });
    expect(done.statusCode).toBe(200);
    const again = await post('/auth/password-reset/complete', tenant.name, {
      token,
      password: 'Other-Pass-9',
      confirmPassword: 'Other-Pass-9',
    });
    expect(again.statusCode).toBe(400);

    expect((await get('/auth/user', session.headers())).json()).toEqual({ message: 'Session terminated' });
    const oldPassword = await post('/auth/firebase-auth/login', tenant.name, {
      email,
      password: 'Password123!',
    });
    expect(oldPassword.statusCode).toBe(401);
    await signIn(t.app, tenant.name, email, 'New-Pass-9');
  });

  it('checks the current password on a change and ends the other sessions', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const email = tenant.email('officer');
    const here = await signIn(t.app, tenant.name, email);
    const there = await signIn(t.app, tenant.name, email);
    const wrong = await post(
      '/auth/change-password',
      tenant.name,
      { currentPassword: 'nope', password: 'Brand-New-1', confirmPassword: 'Brand-New-1' },
      here.headers(),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Password is incorrect');
    const changed = await post(
      '/auth/change-password',
      tenant.name,
      { currentPassword: 'Password123!', password: 'Brand-New-1', confirmPassword: 'Brand-New-1' },
      here.headers(),
    );
    expect(changed.statusCode).toBe(204);
    expect((await get('/auth/user', here.headers())).statusCode).toBe(200);
    expect((await get('/auth/user', there.headers())).json()).toEqual({ message: 'Session terminated' });
  });
});

describe('providers and profile', () => {
  it('offers consultation accounts by default and reports the provider of the session', async () => {
    const tenant = await buildTenantWithUsers(t.database.db);
    const providers = await get('/auth/providers', { 'x-tenant': tenant.name });
    expect(providers.json()).toEqual({
      providers: [{ name: 'firebase-auth', label: 'Email and password', startUrl: null }],
    });
    const session = await signIn(t.app, tenant.name, tenant.email('resident'));
    expect((await get('/auth/current-provider', session.headers())).json()).toEqual({
      provider: 'firebase-auth',
    });
    expect((await get('/auth/is-user-without-filled-info', session.headers())).json()).toEqual({
      withoutInfo: false,
    });
  });
});
