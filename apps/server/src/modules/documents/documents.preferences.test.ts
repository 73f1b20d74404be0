import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMMUNICATION_PREFERENCES, preferenceMessages } from '@planning/shared';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { apiCaller } from '../../../test/api-call';
import { createUnsubscribeSigner } from './documents.preferences';

let t: TestApp;
type Tenant = Awaited<ReturnType<typeof buildTenantWithUsers>>;
let tenant: Tenant;
let other: Tenant;
let resident: SignedIn;
let officer: SignedIn;
let otherResident: SignedIn;

const call = apiCaller(
  () => t.app,
  () => tenant.name,
);

const tokenOf = (path: string) => path.replace('/p/document/unsubscribe/', '');

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  other = await buildTenantWithUsers(t.database.db);
  [resident, officer, otherResident] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('resident')),
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, other.name, other.email('resident')),
  ]);
});
afterAll(() => t.close());

describe('communications preferences (spec 02 §2 /p/document/preferences)', () => {
  it('starts from the defaults, saves the choices and reads them back', async () => {
    const first = await call(resident, 'GET', '/public/preferences');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      email: tenant.email('resident'),
      preferences: DEFAULT_COMMUNICATION_PREFERENCES,
      unsubscribePath: expect.stringMatching(/^\/p\/document\/unsubscribe\/u1[0-9a-f]{32}[\w-]{43}$/),
    });
    const saved = await call(resident, 'PUT', '/public/preferences', {
      documentUpdates: false,
      newConsultations: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toEqual({ documentUpdates: false, newConsultations: true });
    expect((await call(resident, 'GET', '/public/preferences')).json().preferences).toEqual({
      documentUpdates: false,
      newConsultations: true,
    });
    // Another account's choices are its own.
    expect((await call(officer, 'GET', '/public/preferences')).json().preferences).toEqual(
      DEFAULT_COMMUNICATION_PREFERENCES,
    );
  });

  it('needs a sign-in, and a whole set of choices', async () => {
    expect((await call(null, 'GET', '/public/preferences')).statusCode).toBe(401);
    expect((await call(resident, 'PUT', '/public/preferences', { documentUpdates: true })).statusCode).toBe(
      400,
    );
  });
});

describe('unsubscribe links (spec 02 §2 /p/document/unsubscribe/{token})', () => {
  it('turns every consultation email off in one call, with no sign-in, and again harmlessly', async () => {
    await call(otherResident, 'PUT', '/public/preferences', {
      documentUpdates: true,
      newConsultations: true,
    });
    const token = tokenOf((await call(otherResident, 'GET', '/public/preferences')).json().unsubscribePath);
    for (let round = 0; round < 2; round += 1) {
      const answer = await call(null, 'POST', '/public/unsubscribe', { token }, other.name);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ unsubscribed: true });
    }
    expect((await call(otherResident, 'GET', '/public/preferences')).json().preferences).toEqual({
      documentUpdates: false,
      newConsultations: false,
    });
  });

  it('refuses a token edited, made up, or used at another council', async () => {
    await call(resident, 'PUT', '/public/preferences', { documentUpdates: true, newConsultations: true });
    const token = tokenOf((await call(resident, 'GET', '/public/preferences')).json().unsubscribePath);
    const digits = token.slice(2, 34);
    const mac = token.slice(34);
    // The first character: all six of its bits count (the last one's lowest two are padding).
    const edited = `u1${digits}${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const otherUser = `u1${digits.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}${mac}`;
    for (const bad of [edited, otherUser, 'nonsense', `u2${digits}${mac}`]) {
      const answer = await call(null, 'POST', '/public/unsubscribe', { token: bad });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toBe(preferenceMessages.linkInvalid);
    }
    const elsewhere = await call(null, 'POST', '/public/unsubscribe', { token }, other.name);
    expect(elsewhere.statusCode).toBe(400);
    expect((await call(resident, 'GET', '/public/preferences')).json().preferences).toEqual({
      documentUpdates: true,
      newConsultations: true,
    });
  });

  it('signs per council and account with a key of its own', () => {
    const signer = createUnsubscribeSigner(randomBytes(32));
    const userId = '2f1d6a5e-4c1b-4a52-9f3e-0f7c4d9b1a23';
    const token = signer.sign('tenant-a', userId);
    expect(signer.verify(token, 'tenant-a')).toBe(userId);
    expect(signer.verify(token, 'tenant-b')).toBeNull();
    expect(createUnsubscribeSigner(randomBytes(32)).verify(token, 'tenant-a')).toBeNull();
  });
});
