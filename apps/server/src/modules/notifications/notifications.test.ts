import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages, type NotificationList } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { upsertFlag } from '../tenants/tenants.queries';
import { createNotification } from './notifications.service';
import { NOTIFICATIONS_OFF } from './notifications.routes';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
let officer: SignedIn;
let admin: SignedIn;
let resident: SignedIn;
let officerId: string;
let adminId: string;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  [officer, admin, resident] = await Promise.all([
    signIn(t.app, tenant.name, tenant.email('officer')),
    signIn(t.app, tenant.name, tenant.email('admin')),
    signIn(t.app, tenant.name, tenant.email('resident')),
  ]);
  const users = await withTenant(t.database.db, tenant.id, (trx) =>
    trx.selectFrom('users').select(['id', 'email']).execute(),
  );
  const idOf = (email: string) => users.find((user) => user.email === email)?.id ?? '';
  officerId = idOf(tenant.email('officer'));
  adminId = idOf(tenant.email('admin'));
});
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers(), ...(payload ? { payload } : {}) });
const list = async (who: SignedIn, archived = false) => {
  const answer = await call(who, 'GET', archived ? '/notifications/archived' : '/notifications');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as NotificationList;
};
const notify = (userId: string, label: string, status: 'success' | 'processing' | 'error' = 'success') =>
  withTenant(t.database.db, tenant.id, (trx) =>
    createNotification(trx, { tenantId: tenant.id, userId, status, label }),
  );

describe('notifications', () => {
  it('lists only the user’s own, newest first, with the unviewed count; viewing them all clears it', async () => {
    const first = await notify(officerId, 'Export of 12 sites');
    const second = await notify(officerId, 'Geodata upload', 'error');
    await notify(adminId, 'Someone else’s export');
    const mine = await list(officer);
    expect(mine.notifications.map((n) => n.id)).toEqual([second, first]);
    expect(mine.unviewed).toBe(2);
    expect(mine.notifications[0]).toMatchObject({
      status: 'error',
      label: 'Geodata upload',
      uid: officerId,
      viewed: false,
    });

    const viewed = await call(officer, 'PUT', '/notifications/viewed', {});
    expect(viewed.json()).toEqual({ updated: 2 });
    expect((await list(officer)).unviewed).toBe(0);
    // The admin's are untouched.
    expect((await list(admin)).unviewed).toBe(1);
  });

  it('archives one into /notifications/archived and brings it back', async () => {
    const id = await notify(officerId, 'Old export');
    expect((await call(officer, 'PUT', `/notifications/${id}/archived`, { archived: true })).statusCode).toBe(
      204,
    );
    expect((await list(officer)).notifications.some((n) => n.id === id)).toBe(false);
    expect((await list(officer, true)).notifications.map((n) => n.id)).toContain(id);
    expect(
      (await call(officer, 'PUT', `/notifications/${id}/archived`, { archived: false })).statusCode,
    ).toBe(204);
    expect((await list(officer)).notifications.some((n) => n.id === id)).toBe(true);
  });

  it('deletes only the user’s own, and never one still in progress', async () => {
    const done = await notify(officerId, 'Finished');
    const running = await notify(officerId, 'Running', 'processing');
    const theirs = await notify(adminId, 'Theirs');

    const notYours = await call(officer, 'DELETE', `/notifications/${theirs}`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toEqual({ message: notificationMessages.notYours });
    const busy = await call(officer, 'DELETE', `/notifications/${running}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ message: notificationMessages.stillRunning });
    const missing = await call(officer, 'DELETE', `/notifications/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect((await call(officer, 'DELETE', '/notifications/not-an-id')).statusCode).toBe(400);

    expect((await call(officer, 'DELETE', `/notifications/${done}`)).statusCode).toBe(204);
    expect((await list(officer)).notifications.some((n) => n.id === done)).toBe(false);
    expect((await list(admin)).notifications.some((n) => n.id === theirs)).toBe(true);
  });

  it('keeps another council’s notifications out of reach', async () => {
    const other = await buildTenantWithUsers(t.database.db);
    const otherOfficer = await signIn(t.app, other.name, other.email('officer'));
    const id = await notify(officerId, 'Ours');
    expect((await call(otherOfficer, 'DELETE', `/notifications/${id}`)).statusCode).toBe(404);
    expect((await list(otherOfficer)).notifications).toEqual([]);
  });

  it('is for staff, and only where the council has the notifications flag on', async () => {
    expect((await call(resident, 'GET', '/notifications')).statusCode).toBe(403);
    await withTenant(t.database.db, tenant.id, (trx) => upsertFlag(trx, tenant.id, 'notifications', false));
    try {
      const off = await call(officer, 'GET', '/notifications');
      expect(off.statusCode).toBe(404);
      expect(off.json()).toEqual({ message: NOTIFICATIONS_OFF });
    } finally {
      await withTenant(t.database.db, tenant.id, (trx) => upsertFlag(trx, tenant.id, 'notifications', true));
    }
  });
});
