import { sql, type Kysely } from 'kysely';
import { defaultLayerStyle } from '@planning/shared';
import type { Database } from '../db/schema';
import { withTenant } from '../db/tenant-transaction';
import { refreshLayerSummary } from '../modules/layers/layers.summary';
import type { District } from '../modules/sites/sites.generator';
import { districtOutlineWkt } from './demo-layers';

/**
 * Issue 27 point 2: a demo council's postcodes for the place search, as a council would load its
 * own (Code-Point Open, or its address gazetteer) and mark searchable. Invented: the outward codes
 * are the district's real ones, each near the town it serves, but every postcode and point is
 * made up here, not Royal Mail's, hence the layer's name. Not on any map: it is for searching.
 */
export const DEMO_POSTCODES_LAYER = 'demo_postcodes';

type Outward = { code: string; x: number; y: number };

/** Outward codes by district (demo name), each placed near its town in EPSG:27700. */
const outwardCodes: Record<string, Outward[]> = {
  demo: [
    { code: 'ME19', x: 568500, y: 157500 }, // West Malling and Kings Hill
    { code: 'ME20', x: 572500, y: 159500 }, // Aylesford and Larkfield
    { code: 'ME6', x: 570500, y: 162500 }, // Snodland
    { code: 'TN9', x: 559000, y: 146500 }, // Tonbridge
    { code: 'TN11', x: 564500, y: 149500 }, // Hadlow and Hildenborough
    { code: 'TN15', x: 561000, y: 157500 }, // Borough Green and Wrotham
  ],
  northfield: [
    { code: 'HG1', x: 430500, y: 455500 },
    { code: 'HG2', x: 432000, y: 452000 },
    { code: 'HG3', x: 427000, y: 458000 },
  ],
};

const SECTORS = [4, 5];
const UNITS = ['AA', 'AB', 'AD', 'AE'];

/** Two sectors of four postcodes for each outward code, 400 m and 150 m apart. */
export function demoPostcodes(districtName: string): { postcode: string; x: number; y: number }[] {
  return (outwardCodes[districtName] ?? []).flatMap((outward) =>
    SECTORS.flatMap((sector, s) =>
      UNITS.map((unit, u) => ({
        postcode: `${outward.code} ${sector}${unit}`,
        x: outward.x + (s === 0 ? -400 : 400) + (u % 2 === 0 ? -75 : 75),
        y: outward.y + (u < 2 ? -75 : 75),
      })),
    ),
  );
}

/** Gives a demo council its postcode layer, searchable by postcode, unless it has it already. */
export async function seedDemoPostcodes(db: Kysely<Database>, tenantId: string, district: District) {
  const postcodes = demoPostcodes(district.name);
  if (postcodes.length === 0) return;
  await withTenant(db, tenantId, async (trx) => {
    const existing = await trx
      .selectFrom('layers')
      .select('id')
      .where('layer_name', '=', DEMO_POSTCODES_LAYER)
      .executeTakeFirst();
    if (existing) return;
    const description = 'Invented postcodes for trying the place search: not Royal Mail data.';
    const layer = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenantId,
        layer_name: DEMO_POSTCODES_LAYER,
        title: 'Demo postcodes',
        category: 'Reference',
        default_description: description,
        placemaker_description: description,
        placemaker_visibility: false,
        public_webmap_visibility: false,
        geometry_type: 'point',
        style: JSON.stringify(defaultLayerStyle('point', '#505a5f')),
        fields: JSON.stringify([{ name: 'postcode', type: 'string' }]),
        source: JSON.stringify({ fileName: 'demo data', layer: DEMO_POSTCODES_LAYER, crs: 'EPSG:27700' }),
        place_field: 'postcode',
        place_kind: 'postcode',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Kept inside the district's outline, as the council's own data would be.
    await sql`
      insert into layer_features (tenant_id, layer_id, source_id, properties, geom)
      select ${tenantId}, ${layer.id}, p.postcode, jsonb_build_object('postcode', p.postcode),
        ST_SetSRID(ST_MakePoint(p.x, p.y), 27700)
      from unnest(${postcodes.map((p) => p.postcode)}::text[], ${postcodes.map((p) => p.x)}::float8[],
        ${postcodes.map((p) => p.y)}::float8[]) as p(postcode, x, y)
      where ST_Contains(ST_GeomFromText(${districtOutlineWkt(district)}, 27700), ST_SetSRID(ST_MakePoint(p.x, p.y), 27700))`.execute(
      trx,
    );
    await refreshLayerSummary(trx, layer.id);
  });
}
