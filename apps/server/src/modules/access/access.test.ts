import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessActions, accessUnits, adminUserMessages, featureAccess } from '@planning/shared';
import { addStaffWithRole, buildTenantWithUsers } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenantWithUsers>>;
const sessions: Record<'admin' | 'officer' | 'viewer' | 'resident', SignedIn> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await buildTenantWithUsers(t.database.db);
  for (const who of ['admin', 'officer', 'viewer', 'resident'] as const) {
    sessions[who] = await signIn(t.app, tenant.name, tenant.email(who));
  }
});
afterAll(() => t.close());

const ask = (who: SignedIn | null, resource: string, action: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/policy/access?resource=${encodeURIComponent(resource)}&action=${encodeURIComponent(action)}`,
    headers: who ? who.headers() : { 'x-tenant': tenant.name },
  });

describe('GET /policy/access', () => {
  // The seeded roles, as issue "Identity and access" describes them.
  const staffUnits = ['placemaker', 'sites', 'site-lists', 'consultations'];
  const expected = {
    admin: () => true,
    officer: (unit: string, action: string) =>
      staffUnits.includes(unit) ||
      (unit === 'personal-data' && action === 'read') ||
      // Issue 27: officers review call for sites submissions (read, write), and delete none.
      (unit === 'cfs' && action !== 'delete'),
    viewer: (unit: string, action: string) => staffUnits.includes(unit) && action === 'read',
    resident: () => false,
  } as const;

  it.each(Object.keys(expected) as (keyof typeof expected)[])(
    'answers for %s on every unit and action',
    async (who) => {
      for (const unit of accessUnits) {
        for (const action of accessActions) {
          const response = await ask(sessions[who], unit, action);
          expect(response.statusCode).toBe(200);
          expect(response.json(), `${who} ${unit} ${action}`).toEqual({
            resource: unit,
            action,
            permitted: expected[who](unit, action),
          });
        }
      }
    },
  );

  it('refuses an unknown unit or action with 400, and a caller with no session with 401', async () => {
    expect((await ask(sessions.admin, 'everything', 'read')).statusCode).toBe(400);
    expect((await ask(sessions.admin, 'sites', 'destroy')).statusCode).toBe(400);
    const anonymous = await ask(null, 'sites', 'read');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated' });
  });
});

describe('ending sessions as an administrator', () => {
  it('is refused without the authorisation grants', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/access/users/${randomUUID()}/sessions`,
      headers: sessions.officer.headers(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Not authorized' });
  });

  it('answers 404 for a user of another council, as for one that does not exist', async () => {
    const other = await buildTenantWithUsers(t.database.db);
    const otherResident = await signIn(t.app, other.name, other.email('resident'));
    const otherId = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: otherResident.headers() })
    ).json().id;
    for (const id of [otherId, randomUUID()]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/access/users/${id}/sessions`,
        headers: sessions.admin.headers(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Non-existing id' });
    }
    // The other council's session is untouched.
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: otherResident.headers(),
    });
    expect(still.statusCode).toBe(200);
  });
});

// Twenty's habit: no route can ship without its guard. New routes join this walk on their own.
describe('every API route', () => {
  // Public routes are a deliberate, short list: adding one means adding it here.
  const publicRoutes = [
    'GET /api/v1/openapi.json',
    'GET /api/v1/health',
    'GET /api/v1/tenants',
    'GET /api/v1/tenants/current',
    'GET /api/v1/auth/is-authenticated',
    'GET /api/v1/auth/providers',
    'POST /api/v1/auth/firebase-auth/signup',
    'POST /api/v1/auth/firebase-auth/login',
    'POST /api/v1/auth/resend-verification',
    'POST /api/v1/auth/verify-email',
    'POST /api/v1/auth/password-reset/request',
    'POST /api/v1/auth/password-reset/complete',
    // An invited staff member's emailed link (issue 16): who it is for, then choosing a password.
    'POST /api/v1/auth/invitation/check',
    'POST /api/v1/auth/invitation/accept',
    // The public web map's layers and their configs (spec 03 §6): public-visible layers only.
    'GET /api/v1/public/layers',
    'GET /api/v1/public/layers/grouped',
    'GET /api/v1/public/layers/:id/tiles/:z/:x/:y',
    'GET /api/v1/public/layers/:id/features/:featureId',
    'GET /api/v1/public/configs/:type',
    // The council's logo, for the tenant picker and the sign-in page.
    'GET /api/v1/public/councils/:council/logos/:file',
    // Published consultation documents (spec 02 §2 /p/document): reading and its tracking.
    'GET /api/v1/public/documents',
    'GET /api/v1/public/documents/:id',
    'GET /api/v1/public/documents/:id/status',
    'POST /api/v1/public/documents/:id/tracking',
    'GET /api/v1/public/documents/:id/attachments',
    'GET /api/v1/public/documents/:id/attachments/:fileId',
    // A map block's sites with their site information (the block's own list or search).
    'GET /api/v1/public/documents/:id/map/:blockId/sites',
    // Site questions: the document's sites and the public layers each overlaps.
    'GET /api/v1/public/documents/:id/sites',
    'GET /api/v1/public/documents/:id/sites/:siteId/layers',
    // Download as Word or PDF: signed out, the file itself (rate limited); signed in, a job.
    'POST /api/v1/public/documents/:id/export',
    // An email's one-click unsubscribe link: the signed token is the only key.
    'POST /api/v1/public/unsubscribe',
    // Issue 26 point 6: the privacy notice every public form shows, and the version a person saw.
    'GET /api/v1/public/privacy-notice',
    'GET /api/v1/public/privacy-notice/:version',
    // A closed consultation's representations as published: the public (redacted) text only.
    'GET /api/v1/public/consultations/events/:id/representations',
    // The council's live consultations (/consultations) and its privacy policies and terms (/policy, /terms).
    'GET /api/v1/public/consultations/live',
    'GET /api/v1/public/policies/:kind',
    // Issue 27: the council's open and upcoming calls for sites, and one call's guidance.
    'GET /api/v1/public/cfs/calls',
    'GET /api/v1/public/cfs/calls/:id',
    // Issue 27 point 2: the boundary map's search for a town, a postcode or a council's named place.
    'GET /api/v1/public/places',
  ];
  const apiRoutes = () =>
    t.app.routeTable.filter(
      (route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
  const call = (route: { method: string; url: string }, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:[A-Za-z]+/g, randomUUID()),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('marks as public exactly the routes meant to be public', () => {
    const marked = apiRoutes()
      .filter((route) => route.config.public)
      .map((route) => `${route.method} ${route.url}`);
    expect(marked.sort()).toEqual([...publicRoutes].sort());
  });

  it('refuses every other route without a session', async () => {
    const privateRoutes = apiRoutes().filter((route) => !route.config.public);
    expect(privateRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of privateRoutes) {
      const response = await call(route, { 'x-tenant': tenant.name });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated' });
    }
  });

  it('refuses every route that needs a grant to an account without it', async () => {
    const guarded = apiRoutes().filter((route) => route.config.access && route.config.access.length > 0);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await call(route, sessions.resident.headers());
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ message: 'Not authorized' });
    }
  });

  // Issue 25 point 1: every change to a role or a user (a route under /admin/roles/:id,
  // /admin/users/:id or /access/users/:id) is refused to a caller lacking a grant the role or
  // user holds. A new such route joins the walk; only enabling a user is harmless.
  it('refuses every change to the administrator role or user to a lesser administrator', async () => {
    const db = t.database.db;
    const lesser = await addStaffWithRole(db, tenant, 'walk-lesser', featureAccess.admin);
    const session = await signIn(t.app, tenant.name, lesser.email);
    const admin = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: sessions.admin.headers() })
    ).json();
    const adminRoleId = (
      await db
        .selectFrom('tenants')
        .select('admin_role_id')
        .where('id', '=', tenant.id)
        .executeTakeFirstOrThrow()
    ).admin_role_id!;
    const bodies: Record<string, unknown> = {
      'PUT /api/v1/admin/roles/:id/grants': { grants: featureAccess.admin },
      'PATCH /api/v1/admin/roles/:id': { name: 'Weakened', description: 'Taken over' },
      'PATCH /api/v1/admin/users/:id': { roleId: lesser.roleId },
    };
    const harmless = ['POST /api/v1/admin/users/:id/enable'];
    const changes = apiRoutes().filter(
      (route) =>
        route.method !== 'GET' &&
        /^\/api\/v1\/(admin\/(roles|users)\/:id|access\/users\/:userId)(\/|$)/.test(route.url) &&
        !harmless.includes(`${route.method} ${route.url}`),
    );
    expect(changes.length).toBeGreaterThanOrEqual(8);
    for (const route of changes) {
      const key = `${route.method} ${route.url}`;
      const target = route.url.includes('/roles/') ? adminRoleId : admin.id;
      const body = bodies[key];
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:[A-Za-z]+/, target),
        headers: session.headers(),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, key).toBe(403);
      expect(Object.values(adminUserMessages), key).toContain(response.json().message);
    }
    // The administrator is untouched: still signed in and administering.
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/roles',
      headers: sessions.admin.headers(),
    });
    expect(still.statusCode).toBe(200);
    const role = still.json().roles.find((r: { id: string }) => r.id === adminRoleId);
    expect(role.grants).toHaveLength(accessUnits.length * accessActions.length);
  });
});
