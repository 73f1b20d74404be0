import { sql, type Kysely, type Transaction } from 'kysely';
import {
  defaultLayerStyle,
  type LayerGeometryKind,
  type LeafFilterConfig,
  type SiteSearchConfig,
} from '@planning/shared';
import type { Database } from '../db/schema';
import { withTenant } from '../db/tenant-transaction';
import { refreshLayerSummary } from '../modules/layers/layers.summary';
import { computeLayerOverlaps } from '../modules/overlaps/overlaps.service';
import type { District } from '../modules/sites/sites.generator';

/**
 * The demo councils' constraint layers, made from the district's outline so they sit where the
 * sites are: what a council's GIS officer would upload first (green belt, flood zones,
 * conservation areas, tree preservation orders). Shapes are invented, never real designations.
 * Each query answers its features as (source_id, properties, geom in EPSG:27700).
 */
type DemoLayer = {
  layerName: string;
  title: string;
  kind: LayerGeometryKind;
  /** The key colour officers know it by (green belt green, flood zones blue). */
  color: string;
  description: string;
  fields: { name: string; type: 'string' | 'number' }[];
  features: (outline: string) => ReturnType<typeof sql>;
};

const demoLayers: DemoLayer[] = [
  {
    layerName: 'demo_green_belt',
    color: '#4c9a2a',
    title: 'Green Belt',
    kind: 'polygon',
    description: 'Metropolitan Green Belt (illustrative, not the adopted boundary).',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'designated', type: 'string' },
    ],
    // The western half of the district, less the towns at its middle, cut in pieces as councils'
    // own green belt data comes.
    features: (outline) => sql`
      with d as (select ST_GeomFromText(${outline}, 27700) as g),
      belt as (
        select ST_Difference(
          ST_Intersection(d.g, ST_MakeEnvelope(ST_XMin(d.g), ST_YMin(d.g), (ST_XMin(d.g) + ST_XMax(d.g)) / 2, ST_YMax(d.g), 27700)),
          ST_Buffer(ST_Centroid(d.g), 3500, 16)) as g
        from d
      )
      select row_number() over ()::text as source_id,
        jsonb_build_object('name', 'Metropolitan Green Belt', 'designated', '1955') as properties, piece as geom
      from belt, lateral ST_Subdivide(belt.g, 64) as piece`,
  },
  floodZone('3', 'High', 250, '#1d70b8'),
  floodZone('2', 'Medium', 600, '#5694ca'),
  {
    layerName: 'demo_conservation_areas',
    color: '#912b88',
    title: 'Conservation areas',
    kind: 'polygon',
    description: 'Areas of special architectural or historic interest (illustrative).',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'area_ha', type: 'number' },
    ],
    // Twelve village centres spread over the district's box, each a rounded area of 15 to 40 ha.
    features: (outline) => sql`
      with d as (select ST_GeomFromText(${outline}, 27700) as g),
      centres as (
        select i, ST_MakePoint(
          ST_XMin(d.g) + (ST_XMax(d.g) - ST_XMin(d.g)) * (0.15 + 0.7 * ((i * 37) % 12) / 11.0),
          ST_YMin(d.g) + (ST_YMax(d.g) - ST_YMin(d.g)) * (0.15 + 0.7 * ((i * 5) % 12) / 11.0)) as p
        from d, generate_series(0, 11) as i
      ), areas as (
        select i, ST_Intersection(d.g, ST_Buffer(ST_SetSRID(c.p, 27700), 220 + 15 * (i % 6), 8)) as g
        from centres c, d
      )
      select i::text as source_id,
        jsonb_build_object('name', 'Conservation area ' || (i + 1), 'area_ha', round((ST_Area(g) / 10000)::numeric, 2)) as properties,
        g as geom
      from areas where not ST_IsEmpty(g)`,
  },
  {
    layerName: 'demo_tree_preservation_orders',
    color: '#6f4e37',
    title: 'Tree preservation orders',
    kind: 'point',
    description: 'Protected trees (illustrative).',
    fields: [
      { name: 'reference', type: 'string' },
      { name: 'species', type: 'string' },
    ],
    features: (outline) => sql`
      with d as (select ST_GeomFromText(${outline}, 27700) as g),
      pts as (
        select i, ST_SetSRID(ST_MakePoint(
          ST_XMin(d.g) + (ST_XMax(d.g) - ST_XMin(d.g)) * ((i * 0.6180339887) - floor(i * 0.6180339887)),
          ST_YMin(d.g) + (ST_YMax(d.g) - ST_YMin(d.g)) * ((i * 0.7548776662) - floor(i * 0.7548776662))), 27700) as p
        from d, generate_series(1, 400) as i
      )
      select i::text as source_id,
        jsonb_build_object('reference', 'TPO/' || lpad(i::text, 4, '0'),
          'species', (array['Oak', 'Beech', 'Ash', 'Horse chestnut', 'Yew'])[1 + i % 5]) as properties,
        p as geom
      from pts, d where ST_Contains(d.g, pts.p)`,
  },
];

/** A flood zone: the invented river's banks to a width, cut to the district. */
function floodZone(zone: '2' | '3', probability: string, width: number, color: string): DemoLayer {
  return {
    layerName: `demo_flood_zone_${zone}`,
    color,
    title: `Flood zone ${zone}`,
    kind: 'polygon',
    description: `${probability} probability of flooding from rivers (illustrative).`,
    fields: [
      { name: 'zone', type: 'string' },
      { name: 'river', type: 'string' },
    ],
    features: (outline) => sql`
      with d as (select ST_GeomFromText(${outline}, 27700) as g),
      river as (${riverLine(outline)})
      select row_number() over ()::text as source_id,
        jsonb_build_object('zone', ${zone}::text, 'river', 'River Medway') as properties, piece as geom
      from d, river, lateral ST_Subdivide(ST_Intersection(d.g, ST_Buffer(river.g, ${width}, 8)), 64) as piece`,
  };
}

/** A river winding west to east across the district's middle: a sine wave over its box. */
function riverLine(outline: string) {
  return sql`
    select ST_MakeLine(array_agg(ST_SetSRID(ST_MakePoint(
      ST_XMin(g) + (ST_XMax(g) - ST_XMin(g)) * t / 100.0,
      (ST_YMin(g) + ST_YMax(g)) / 2 + (ST_YMax(g) - ST_YMin(g)) * 0.18 * sin(t / 100.0 * 3 * pi())), 27700) order by t)) as g
    from (select ST_GeomFromText(${outline}, 27700) as g) d, generate_series(0, 100) as t`;
}

const THEME = { name: 'Constraints', description: 'Planning constraints that shape where homes can go' };

/** The district's outline as WKT in EPSG:27700. */
export const districtOutlineWkt = (district: District) =>
  `POLYGON((${district.outline.map(([x, y]) => `${x} ${y}`).join(', ')}))`;

/**
 * Gives a council the demo constraint layers (with every site's overlap worked out) unless it
 * already has layers of its own: a second start, or an admin's uploads, are never touched.
 */
export async function seedDemoLayers(
  db: Kysely<Database>,
  tenantId: string,
  district: District,
): Promise<void> {
  const outline = districtOutlineWkt(district);
  await withTenant(db, tenantId, async (trx) => {
    const existing = await trx.selectFrom('layers').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    const theme = await trx
      .insertInto('layer_themes')
      .values({ tenant_id: tenantId, name: THEME.name, description: THEME.description, order_index: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, layer] of demoLayers.entries())
      await seedLayer(trx, tenantId, theme.id, index, layer, outline);
  });
}

async function seedLayer(
  trx: Transaction<Database>,
  tenantId: string,
  themeId: string,
  index: number,
  layer: DemoLayer,
  outline: string,
) {
  const created = await trx
    .insertInto('layers')
    .values({
      tenant_id: tenantId,
      layer_name: layer.layerName,
      title: layer.title,
      theme_id: themeId,
      category: 'Constraints',
      default_description: layer.description,
      placemaker_description: layer.description,
      public_web_map_description: layer.description,
      public_webmap_visibility: true,
      z_index: demoLayers.length - index,
      geometry_type: layer.kind,
      style: JSON.stringify(defaultLayerStyle(layer.kind, layer.color)),
      fields: JSON.stringify(layer.fields),
      source: JSON.stringify({ fileName: 'demo data', layer: layer.layerName, crs: 'EPSG:27700' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into layer_features (tenant_id, layer_id, source_id, properties, geom)
    select ${tenantId}, ${created.id}, f.source_id, f.properties, f.geom
    from (${layer.features(outline)}) as f`.execute(trx);
  await refreshLayerSummary(trx, created.id);
  await computeLayerOverlaps(trx, tenantId, created.id);
}

/** The Site search filters the demo layers bring: "overlaps layer by at least n %". */
export function withDemoOverlapFilters(config: SiteSearchConfig): SiteSearchConfig {
  const filters: LeafFilterConfig[] = [
    {
      type: 'overlapsLayer',
      dbPropertyName: 'overlap_green_belt',
      layerName: 'demo_green_belt',
      label: 'In the Green Belt',
      description: 'Sites covered by the Green Belt by at least this share',
    },
    {
      type: 'overlapsLayer',
      dbPropertyName: 'overlap_flood_zone_3',
      layerName: 'demo_flood_zone_3',
      label: 'In flood zone 3',
      description: 'Sites covered by flood zone 3 by at least this share',
    },
  ];
  return { ...config, filters: [...config.filters, ...filters] };
}
