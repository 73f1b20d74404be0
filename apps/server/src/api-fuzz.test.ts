import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenantWithUsers } from '../test/factories';
import { signIn, type SignedIn } from '../test/sessions';
import { fuzzInputs } from '../test/fuzz-inputs';
import { buildTestApp } from '../test/test-app';
import { withTenant } from './db/tenant-transaction';
import { demoDistrict } from './modules/sites/sites.generator';
import { seedSites } from './modules/sites/sites.seed';

/*
 * Property-based test of every API operation: generated malformed bodies, query strings and path
 * parameters, sent as a signed-in administrator (so the access guard lets the input through).
 * Any 5xx fails, naming the route and the request that caused it. Routes are read from the route
 * table and inputs from each route's own zod schemas, so a new route is fuzzed without anyone
 * listing it. Fixed seeds: the same inputs on every run, on both drivers.
 */
const RUNS_PER_ROUTE = 30;

const t = await buildTestApp();
afterAll(() => t.close());

const routes = t.app.routeTable.filter(
  (route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
);

let tenantName = '';
let adminEmail = '';
let admin: SignedIn;
/** Values the council really has (field names, scenarios, ids), so inputs get past the first check. */
const known: string[] = [];
const inputs = fuzzInputs(routes, known);

beforeAll(async () => {
  const tenant = await buildTenantWithUsers(t.database.db);
  tenantName = tenant.name;
  adminEmail = tenant.email('admin');
  await seedSites(t.database.db, tenant.id, demoDistrict, 30);
  admin = await signIn(t.app, tenantName, adminEmail);
  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin.headers() })).json();
  const { fields } = (await get('/data-dictionary')) as { fields: { name: string }[] };
  const { scenarios } = (await get('/scenarios')) as { scenarios: { name: string }[] };
  const template = await t.app.inject({
    method: 'POST',
    url: '/api/v1/search/site-search-templates',
    headers: admin.headers(),
    payload: { name: 'Fuzzed', filters: [] },
  });
  const siteIds = await withTenant(t.database.db, tenant.id, (trx) =>
    trx.selectFrom('sites').select('id').limit(3).execute(),
  );
  known.push(
    ...fields.map((field) => field.name),
    ...scenarios.map((scenario) => scenario.name),
    ...siteIds.map((row) => String(row.id)),
    template.json().id as string,
    tenantName,
  );
});

/** A stable seed per route, so adding a route does not change the inputs of the others. */
const seedOf = (key: string) => createHash('sha256').update(key).digest().readInt32LE(0);

describe('every API operation, fed malformed input', () => {
  it('has routes to walk', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s never answers 5xx',
    async (key, route) => {
      const request = inputs.requestOf(route);
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query, body }) => {
          const url = query ? `${path}?${query}` : path;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            // Not the address the administrator signs in from: sign-in limits must not lock them out.
            remoteAddress: '192.0.2.10',
            headers: admin.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(body === undefined ? {} : { payload: body }),
          });
          // Sign-out, sign-out everywhere and a password change end the session: sign in again.
          if (response.statusCode === 401) admin = await signIn(t.app, tenantName, adminEmail);
          if (response.statusCode >= 500) {
            throw new Error(
              `${key} answered ${response.statusCode} ${response.body}\n  url: ${url.slice(0, 2000)}\n  body: ${(body ?? '').slice(0, 2000)}`,
            );
          }
        }),
        { seed: seedOf(key), numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});
