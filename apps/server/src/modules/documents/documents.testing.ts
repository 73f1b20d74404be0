import { beforeAll, expect } from 'vitest';
import type { DocumentConfig } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { consultationTestBed, madeBeforeAll } from '../../../test/consultation-setup';
import { addNeighbour, NEIGHBOUR_PASSWORD } from '../../../test/factories';
import { signIn, type SignedIn } from '../../../test/sessions';
import { demoDistrict } from '../sites/sites.generator';
import { seedSites } from '../sites/sites.seed';
import { demoLocalPlanConfig } from './documents.seed';

/** The council's first three sites, and the demo Local Plan's config drawn on them. */
export type SeededSites = { siteIds: string[]; siteNames: Map<string, string>; config: DocumentConfig };

/**
 * The scene the document test files start from: the consultation modules' scene (the real app, a
 * council with its officer, viewer and resident signed in, another council's officer), plus 8 demo
 * sites, a second resident (the neighbour) and the other council's resident. Call it once at the
 * top of the file: it registers the beforeAll that builds the scene and the afterAll that closes it.
 */
export function documentsTestBed() {
  const scene = consultationTestBed();
  const { t, tenant, other, officer, call } = scene;
  const neighbour = madeBeforeAll<SignedIn>("the neighbour's session");
  const otherResident = madeBeforeAll<SignedIn>("the other council's resident's session");
  const seeded = madeBeforeAll<SeededSites>('the seeded sites');

  beforeAll(async () => {
    const db = t.database.db;
    await seedSites(db, tenant.id, demoDistrict, 8);
    // A second resident of the same council.
    const neighbourEmail = await addNeighbour(db, tenant);
    const [neighbourSession, otherResidentSession] = await Promise.all([
      signIn(t.app, tenant.name, neighbourEmail, NEIGHBOUR_PASSWORD),
      signIn(t.app, other.name, other.email('resident')),
    ]);
    neighbour.make(neighbourSession);
    otherResident.make(otherResidentSession);
    const sites = await withTenant(db, tenant.id, (trx) =>
      trx.selectFrom('sites').select(['id', 'site_name']).orderBy('id').limit(3).execute(),
    );
    const siteIds = sites.map((site) => String(site.id));
    seeded.make({
      siteIds,
      siteNames: new Map(sites.map((site) => [String(site.id), site.site_name ?? ''])),
      config: demoLocalPlanConfig('Test Council', siteIds),
    });
  });

  const createDocument = async (title = 'Local Plan', body?: Record<string, unknown>) => {
    const answer = await call(officer, 'POST', '/documents', {
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
    expect((await call(officer, 'POST', `/documents/${document.id}/publish`)).statusCode).toBe(200);
    return document;
  };
  const answer = (who: SignedIn | null, documentId: string, body: Record<string, unknown>) =>
    call(who, 'PUT', `/public/documents/${documentId}/answers`, body);

  return {
    ...scene,
    neighbour: neighbour.handle,
    otherResident: otherResident.handle,
    seeded: seeded.handle,
    createDocument,
    publishedDocument,
    answer,
  };
}
