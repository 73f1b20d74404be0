import { sql, type Kysely } from 'kysely';
import { fieldKind, SEARCH_OPTIONS_MAX, searchMessages, serverMessages } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest, notFound } from '../../lib/errors';
import { escapeLike, fieldValue } from './search.compile';
import { DEFAULT_SCENARIO, loadDictionary } from './search.service';

type Db = Kysely<Database>;
type Feature = { type: 'Feature'; id: string; geometry: unknown; properties: Record<string, unknown> };

const collection = (features: Feature[]) => ({ type: 'FeatureCollection' as const, features });

/** GET /search/site: live sites whose name, reference or id contains the text. */
export async function lookupSites(
  db: Db,
  tenantId: string,
  { q, limit, scenario }: { q: string; limit: number; scenario?: string | undefined },
) {
  const pattern = `%${escapeLike(q)}%`;
  return withTenant(db, tenantId, async (trx) => {
    const rows = await trx
      .selectFrom('sites')
      .select(['id', 'id_unique', 'site_name', 'helaa_reference'])
      .where('is_deleted', '=', false)
      .where('scenario_name', '=', scenario ?? DEFAULT_SCENARIO)
      .where((eb) =>
        eb.or([
          eb('site_name', 'ilike', pattern),
          eb('helaa_reference', 'ilike', pattern),
          eb('id_unique', 'ilike', pattern),
        ]),
      )
      .orderBy('site_name')
      .orderBy('id')
      .limit(limit)
      .execute();
    return { sites: rows.map((row) => ({ ...row, id: String(row.id) })) };
  });
}

/** GET /search/sites/geometries: outlines in WGS84, for highlighting and flying to sites. */
export async function siteGeometries(db: Db, tenantId: string, ids: string[]) {
  return withTenant(db, tenantId, async (trx) => {
    const rows = await trx
      .selectFrom('sites')
      .select([
        'id',
        'id_unique',
        'site_name',
        sql<string>`ST_AsGeoJSON(ST_Transform(geom, 4326), 7)`.as('geometry'),
      ])
      .where('is_deleted', '=', false)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return collection(
      rows.map((row) => ({
        type: 'Feature',
        id: String(row.id),
        geometry: JSON.parse(row.geometry) as unknown,
        properties: { id_unique: row.id_unique, site_name: row.site_name },
      })),
    );
  });
}

/** GET /search/extent/{id}: minX, minY, maxX, maxY of a site, in 27700 or 4326. */
export async function siteExtent(db: Db, tenantId: string, id: string, projection: '27700' | '4326') {
  return withTenant(db, tenantId, async (trx) => {
    const geometry = projection === '4326' ? sql`ST_Transform(geom, 4326)` : sql`geom`;
    const row = await trx
      .selectFrom('sites')
      .select([
        sql<number>`ST_XMin(${geometry})`.as('minX'),
        sql<number>`ST_YMin(${geometry})`.as('minY'),
        sql<number>`ST_XMax(${geometry})`.as('maxX'),
        sql<number>`ST_YMax(${geometry})`.as('maxY'),
      ])
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw notFound(serverMessages.nonExistingId);
    return {
      projection,
      extent: [row.minX, row.minY, row.maxX, row.maxY] as [number, number, number, number],
    };
  });
}

/** GET /search/search-options: a field's listed options, or the distinct values its sites have. */
export async function searchOptions(
  db: Db,
  tenantId: string,
  { fields, scenario }: { fields: string[]; scenario?: string | undefined },
) {
  return withTenant(db, tenantId, async (trx) => {
    const dictionary = await loadDictionary(trx);
    const options: Record<string, (string | number | boolean)[]> = {};
    for (const name of new Set(fields)) {
      const field = dictionary.get(name);
      const kind = field ? fieldKind(field.fieldType) : undefined;
      if (!field || !field.filterable || kind === 'date' || kind === 'other') {
        throw badRequest(searchMessages.unknownField(name));
      }
      // A field with a fixed list keeps the council's order (Suitable before Not suitable).
      if (field.options) {
        options[name] = field.options;
        continue;
      }
      // The tag filter offers the council's tags, by name.
      if (field.name === 'tags') {
        const tags = await trx
          .selectFrom('tags')
          .select('tag_name')
          .orderBy(sql`lower(tag_name)`)
          .limit(SEARCH_OPTIONS_MAX)
          .execute();
        options[name] = tags.map((tag) => tag.tag_name);
        continue;
      }
      if (kind === 'array') {
        // A list field without listed options: the distinct entries its sites hold.
        const rows = await trx
          .selectFrom('sites')
          .select(sql<string>`jsonb_array_elements_text(sites.attributes -> ${field.name})`.as('value'))
          .distinct()
          .where('is_deleted', '=', false)
          .where('scenario_name', '=', scenario ?? DEFAULT_SCENARIO)
          .where(sql<boolean>`jsonb_typeof(sites.attributes -> ${field.name}) = 'array'`)
          .orderBy(sql`1`)
          .limit(SEARCH_OPTIONS_MAX)
          .execute();
        options[name] = rows.map((row) => row.value);
        continue;
      }
      const value = fieldValue(field);
      const rows = await trx
        .selectFrom('sites')
        .select(sql<string | number | boolean>`${value}`.as('value'))
        .distinct()
        .where('is_deleted', '=', false)
        .where('scenario_name', '=', scenario ?? DEFAULT_SCENARIO)
        .where(sql<boolean>`${value} is not null`)
        .orderBy(sql`1`)
        .limit(SEARCH_OPTIONS_MAX)
        .execute();
      options[name] = rows.map((row) => (kind === 'number' ? Number(row.value) : row.value));
    }
    return { options };
  });
}

/** GET /search/boundaries: the council's district, wards, parishes and neighbourhoods in WGS84. */
export async function boundaries(db: Db, tenantId: string, kind: string | undefined) {
  return withTenant(db, tenantId, async (trx) => {
    let query = trx
      .selectFrom('boundaries')
      .select(['id', 'kind', 'name', sql<string>`ST_AsGeoJSON(ST_Transform(geom, 4326), 6)`.as('geometry')])
      .orderBy('kind')
      .orderBy('name');
    if (kind) query = query.where('kind', '=', kind as 'ward');
    const rows = await query.execute();
    return collection(
      rows.map((row) => ({
        type: 'Feature',
        id: row.id,
        geometry: JSON.parse(row.geometry) as unknown,
        properties: { kind: row.kind, name: row.name },
      })),
    );
  });
}
