import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { defaultDictionary } from './sites.dictionary';
import {
  DEMO_SCENARIO,
  demoTagNames,
  districtBoundaries,
  generateSites,
  type District,
  type GeneratedSite,
} from './sites.generator';

const BATCH = 500;
const tagColours = ['#1d70b8', '#00703c', '#d4351c', '#f47738', '#4c2c92', '#b58840', '#28a197'];

/** Loads generated sites for a council that has none yet; returns how many it added. */
export async function seedSites(
  db: Kysely<Database>,
  tenantId: string,
  district: District,
  count: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  await seedBoundaries(db, tenantId, district);
  const existing = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('sites')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  );
  if (existing.n > 0) return 0;

  const tagIds = await withTenant(db, tenantId, async (trx) => {
    for (const [position, entry] of defaultDictionary.entries()) {
      await trx
        .insertInto('site_fields')
        .values({
          tenant_id: tenantId,
          name: entry.name,
          label: entry.label,
          field_type: entry.fieldType,
          unit: entry.unit,
          decimals: entry.decimals,
          min: entry.min,
          max: entry.max,
          options: entry.options ? JSON.stringify(entry.options) : null,
          storage: entry.storage,
          filterable: entry.filterable,
          sortable: entry.sortable,
          position,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await trx
      .insertInto('scenarios')
      .values([
        { tenant_id: tenantId, name: 'Base', is_default: true },
        { tenant_id: tenantId, name: DEMO_SCENARIO, is_default: false },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    const ids = new Map<string, string>();
    for (const [index, name] of demoTagNames.entries()) {
      const row = await trx
        .insertInto('tags')
        .values({ tenant_id: tenantId, tag_name: name, color: tagColours[index % tagColours.length] ?? null })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      ids.set(name, row.id);
    }
    return ids;
  });

  const sites = generateSites(district, count);
  for (let start = 0; start < sites.length; start += BATCH) {
    const batch = sites.slice(start, start + BATCH);
    await withTenant(db, tenantId, async (trx) => {
      const inserted = await trx
        .insertInto('sites')
        .values(batch.map((site) => siteRow(tenantId, site, 'Base', site.optimisedUnitCapacity)))
        .returning(['id'])
        .execute();
      const copies = batch.flatMap((site) =>
        site.scenarios.map((copy) => siteRow(tenantId, site, copy.name, copy.optimisedUnitCapacity)),
      );
      if (copies.length > 0) await trx.insertInto('sites').values(copies).execute();
      const links = batch.flatMap((site, i) =>
        site.tags.map((tag) => ({ tenant_id: tenantId, site_id: inserted[i]!.id, tag_id: tagIds.get(tag)! })),
      );
      if (links.length > 0) await trx.insertInto('site_tags').values(links).execute();
    });
    onProgress?.(Math.min(sites.length, start + BATCH));
  }
  return sites.length;
}

/** A generated site as a row of `sites` in one scenario. */
function siteRow(tenantId: string, site: GeneratedSite, scenario: string, capacity: number) {
  return {
    tenant_id: tenantId,
    id_unique: site.idUnique,
    scenario_name: scenario,
    site_name: site.siteName,
    helaa_reference: site.helaaReference,
    size_ha: site.sizeHa,
    suitable_area: site.suitableArea,
    optimised_unit_capacity: capacity,
    suitability_assessment_result: site.suitabilityAssessmentResult,
    accessibility_band: site.accessibilityBand,
    availability_time_period: site.availabilityTimePeriod,
    neighbourhood_area_name: site.neighbourhoodAreaName,
    ward: site.ward,
    parish: site.parish,
    status: site.status,
    public_map_visibility: site.publicMapVisibility,
    attributes: JSON.stringify({ assessment_date: site.assessmentDate, constraints: site.constraints }),
    children_data: JSON.stringify(site.children),
    geom: sql`ST_Multi(ST_GeomFromText(${polygonWkt(site.ring)}, 27700))`,
    geom_cut: site.cutRing ? sql`ST_Multi(ST_GeomFromText(${polygonWkt(site.cutRing)}, 27700))` : null,
  };
}

/** The district and its areas (kept when they exist, so a restart adds only what is missing). */
async function seedBoundaries(db: Kysely<Database>, tenantId: string, district: District) {
  await withTenant(db, tenantId, async (trx) => {
    const outline = sql`ST_GeomFromText(${polygonWkt(district.outline)}, 27700)`;
    for (const boundary of districtBoundaries(district)) {
      const cells = `MULTIPOLYGON(${boundary.rings.map((ring) => polygonWkt(ring).slice('POLYGON'.length)).join(',')})`;
      await trx
        .insertInto('boundaries')
        .values({
          tenant_id: tenantId,
          kind: boundary.kind,
          name: boundary.name,
          geom: sql`ST_Multi(ST_CollectionExtract(ST_Intersection(ST_UnaryUnion(ST_GeomFromText(${cells}, 27700)), ${outline}), 3))`,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

function polygonWkt(ring: [number, number][]): string {
  return `POLYGON((${ring.map(([x, y]) => `${x} ${y}`).join(',')}))`;
}
