import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContact, buildEvent, buildRepresentation } from '../test/consultation-factories';
import { buildTenantWithUsers } from '../test/factories';
import { signIn, type SignedIn } from '../test/sessions';
import { fuzzInputs } from '../test/fuzz-inputs';
import { brokenUploads, multipartRoutes } from '../test/fuzz-uploads';
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
let tenantId = '';
/** The sites the fuzzing knows (and may delete). */
const fuzzedSites: string[] = [];
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
  tenantId = tenant.id;
  const siteIds = await withTenant(t.database.db, tenant.id, (trx) =>
    trx.selectFrom('sites').select('id').limit(3).execute(),
  );
  fuzzedSites.push(...siteIds.map((row) => row.id));
  known.push(
    ...fields.map((field) => field.name),
    ...scenarios.map((scenario) => scenario.name),
    ...siteIds.map((row) => String(row.id)),
    template.json().id as string,
    tenantName,
  );
});

const recordIds: Record<string, string> = {};

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

// Issue 25 point 2: an empty file, a name holding NUL, a truncated part, no boundary, no body, on
// every route whose schema consumes multipart. Each must answer 4xx JSON, and at once: a hang
// fails after UPLOAD_ANSWER_MS rather than at the test's own timeout.
const UPLOAD_ANSWER_MS = 5_000;
describe('every multipart route, fed broken uploads', () => {
  const uploadRoutes = multipartRoutes(routes);

  // Made when this part starts, after the fuzzing above (which deletes the sites it knows), so a
  // broken upload reaches the upload code, not a 404.
  beforeAll(async () => {
    const db = t.database.db;
    const site = await withTenant(db, tenantId, (trx) =>
      trx
        .selectFrom('sites')
        .select('id')
        .where('is_deleted', '=', false)
        .where('id', 'not in', fuzzedSites)
        .executeTakeFirstOrThrow(),
    );
    const document = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: admin.headers(),
      payload: { title: 'Fuzzed uploads' },
    });
    const event = await buildEvent(db, tenantId);
    const contact = await buildContact(db, tenantId);
    const representation = await buildRepresentation(db, tenantId, {
      eventId: event.id,
      contactId: contact.id,
    });
    // A submitted call for sites submission (issue 27), whose documents staff may upload to.
    const submission = await withTenant(db, tenantId, async (trx) => {
      const resident = await trx
        .selectFrom('users')
        .select('id')
        .where('kind', '=', 'public')
        .executeTakeFirstOrThrow();
      return trx
        .insertInto('cfs_submissions')
        .values({
          tenant_id: tenantId,
          event_id: event.id,
          user_id: resident.id,
          status: 'new',
          reference: 'CFS-2026-0001',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    Object.assign(recordIds, {
      submissions: submission.id,
      site: String(site.id),
      documents: document.json().id as string,
      representations: representation.id,
      logos: 'logo',
    });
  });

  it('finds the upload routes in the route table', () => {
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(6);
  });

  /** The route's address with each parameter a record the council has, named by the segment before it. */
  const urlOf = (route: (typeof routes)[number]): string =>
    route.url.replace(/([a-z-]+)\/:[A-Za-z]+/g, (_, segment: string) => {
      const id = recordIds[segment];
      if (!id) throw new Error(`no record for '${segment}' in ${route.url}: add one to recordIds`);
      return `${segment}/${id}`;
    });

  it.each(uploadRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers each broken upload with 4xx at once',
    async (key, route) => {
      const url = urlOf(route);
      for (const upload of brokenUploads(['fileCollection', 'file'])) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${key}, ${upload.name}: no answer in ${UPLOAD_ANSWER_MS} ms`)),
            UPLOAD_ANSWER_MS,
          );
        });
        const response = await Promise.race([
          t.app.inject({
            method: route.method as 'POST',
            url,
            remoteAddress: '192.0.2.10',
            headers: admin.headers({ 'content-type': upload.contentType }),
            payload: upload.payload,
          }),
          timeout,
        ]).finally(() => clearTimeout(timer));
        expect(response.statusCode, `${key}, ${upload.name}: ${response.body}`).toBeGreaterThanOrEqual(400);
        // Not 404: the record is there, so the upload code itself answered.
        expect(response.statusCode, `${key}, ${upload.name}: ${response.body}`).not.toBe(404);
        expect(response.statusCode, `${key}, ${upload.name}: ${response.body}`).toBeLessThan(500);
        expect(typeof response.json().message, `${key}, ${upload.name}`).toBe('string');
      }
    },
  );
});
