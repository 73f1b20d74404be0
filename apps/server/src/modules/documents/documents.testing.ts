import { afterAll, beforeAll, expect } from 'vitest';
import type { DocumentConfig } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { apiCaller } from '../../../test/api-call';
import { madeBeforeAll, type Tenant } from '../../../test/consultation-setup';
import { addNeighbour, buildTenantWithUsers, NEIGHBOUR_PASSWORD } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { demoLocalPlanConfig } from './documents.seed';

/** The council's first three sites, and the demo Local Plan's config drawn on them. */
export type SeededSites = { siteIds: string[]; siteNames: Map<string, string>; config: DocumentConfig };

/**
 * The scene the document test files start from: the real app, a council with 8 demo sites, its
 * officer, viewer, resident and a second resident (the neighbour), and another council's officer
 * and resident. Call it once at the top of the file: it registers the beforeAll that builds the
 * scene and the afterAll that closes the app.
 */
export function documentsTestBed() {
  const t = madeBeforeAll<TestApp>('the test app');
  const tenant = madeBeforeAll<Tenant>('the council');
  const other = madeBeforeAll<Tenant>('the other council');
  const officer = madeBeforeAll<SignedIn>("the officer's session");
  const viewer = madeBeforeAll<SignedIn>("the viewer's session");
  const resident = madeBeforeAll<SignedIn>("the resident's session");
  const neighbour = madeBeforeAll<SignedIn>("the neighbour's session");
  const otherOfficer = madeBeforeAll<SignedIn>("the other council's officer's session");
  const otherResident = madeBeforeAll<SignedIn>("the other council's resident's session");
  const seeded = madeBeforeAll<SeededSites>('the seeded sites');

  beforeAll(async () => {
    const app = await buildTestApp();
    t.make(app);
    const council = await buildTenantWithUsers(app.database.db);
    const otherCouncil = await buildTenantWithUsers(app.database.db);
    tenant.make(council);
    other.make(otherCouncil);
    await seedSites(app.database.db, council.id, demoDistrict, 8);
    // A second resident of the same council.
    const neighbourEmail = await addNeighbour(app.database.db, council);
    const sessions = await Promise.all([
      signIn(app.app, council.name, council.email('officer')),
      signIn(app.app, council.name, council.email('viewer')),
      signIn(app.app, council.name, council.email('resident')),
      signIn(app.app, council.name, neighbourEmail, NEIGHBOUR_PASSWORD),
      signIn(app.app, otherCouncil.name, otherCouncil.email('officer')),
      signIn(app.app, otherCouncil.name, otherCouncil.email('resident')),
    ]);
    [officer, viewer, resident, neighbour, otherOfficer, otherResident].forEach((who, i) =>
      who.make(sessions[i]!),
    );
    const sites = await withTenant(app.database.db, council.id, (trx) =>
      trx.selectFrom('sites').select(['id', 'site_name']).orderBy('id').limit(3).execute(),
    );
    const siteIds = sites.map((site) => String(site.id));
    seeded.make({
      siteIds,
      siteNames: new Map(sites.map((site) => [String(site.id), site.site_name ?? ''])),
      config: demoLocalPlanConfig('Test Council', siteIds),
    });
  });
  afterAll(() => t.made()?.close());

  const call = apiCaller(
    () => t.handle.app,
    () => tenant.handle.name,
  );

  const createDocument = async (title = 'Local Plan', body?: Record<string, unknown>) => {
    const answer = await call(officer.handle, 'POST', '/documents', {
      title,
      ...(body ?? { config: seeded.handle.config }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as {
      id: string;
      meta: { updatedAt: string; isPublished: boolean };
      config: DocumentConfig;
    };
  };
  const publishedDocument = async (title = 'Published plan') => {
    const document = await createDocument(title);
    expect((await call(officer.handle, 'POST', `/documents/${document.id}/publish`)).statusCode).toBe(200);
    return document;
  };
  const answer = (who: SignedIn | null, documentId: string, body: Record<string, unknown>) =>
    call(who, 'PUT', `/public/documents/${documentId}/answers`, body);

  return {
    t: t.handle,
    tenant: tenant.handle,
    other: other.handle,
    officer: officer.handle,
    viewer: viewer.handle,
    resident: resident.handle,
    neighbour: neighbour.handle,
    otherOfficer: otherOfficer.handle,
    otherResident: otherResident.handle,
    seeded: seeded.handle,
    call,
    createDocument,
    publishedDocument,
    answer,
  };
}
