import { sql, type Transaction } from 'kysely';
import { normaliseTagName, TAG_LIMITS, type LayerOverlap } from '@planning/shared';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/**
 * The overlap rows of some sites with some layers: for each site a layer meets, the area of the
 * site that the layer's features cover, counted once where features overlap each other (the
 * features meeting the site are unioned first), and that area as a share of the site. Driven from
 * the features, so only pairs whose boxes meet are looked at (GiST on both sides).
 *
 * Not `ST_Union(ST_Intersection(...))`: on PGlite's PostGIS that aggregate over the pieces (mixed
 * collections) answered an empty result, with no error, for a council's worth of sites.
 */
function overlapRows(tenantId: string, where: { layerId?: string; siteId?: string }) {
  return sql`
    with hits as (
      select f.layer_id, s.id as site_id, ST_UnaryUnion(ST_Collect(f.geom)) as cover
      from layer_features f
      join sites s on s.geom && f.geom and ST_Intersects(s.geom, f.geom)
      where not s.is_deleted
        ${where.layerId ? sql`and f.layer_id = ${where.layerId}` : sql``}
        ${where.siteId ? sql`and s.id = ${where.siteId}` : sql``}
      group by f.layer_id, s.id
    )
    select ${tenantId}::uuid, h.site_id, h.layer_id, a.area,
      least(100, greatest(0, 100 * a.area / nullif(ST_Area(s.geom), 0)))
    from hits h
    join sites s on s.id = h.site_id
    cross join lateral (select ST_Area(ST_Intersection(s.geom, h.cover)) as area) a`;
}

/** Works out again every site's overlap with one layer (after its features changed). */
export async function computeLayerOverlaps(trx: Trx, tenantId: string, layerId: string): Promise<number> {
  await trx.deleteFrom('site_layer_overlaps').where('layer_id', '=', layerId).execute();
  const result = await sql`
    insert into site_layer_overlaps (tenant_id, site_id, layer_id, overlap_area_m2, overlap_percent)
    ${overlapRows(tenantId, { layerId })}`.execute(trx);
  await refreshConstraintTags(trx, { layerId });
  return Number(result.numAffectedRows ?? 0);
}

/** Works out again one site's overlap with every layer (its boundary changed, or it was drawn). */
export async function computeSiteOverlaps(trx: Trx, tenantId: string, siteId: string): Promise<void> {
  await trx.deleteFrom('site_layer_overlaps').where('site_id', '=', siteId).execute();
  await sql`
    insert into site_layer_overlaps (tenant_id, site_id, layer_id, overlap_area_m2, overlap_percent)
    ${overlapRows(tenantId, { siteId })}`.execute(trx);
  await refreshConstraintTags(trx, { siteId });
}

/** Who reads a site's constraints: staff (the layers on the staff map) or the public web map. */
export type ConstraintAudience = 'staff' | 'public';

/**
 * Issue 25 point 6: THE rule for a site's constraints, read by the site page's Constraints panel
 * (intersected-layers), the export's "Constraint layers" column, the constraint tags and the
 * public document map. A constraint is a council layer the audience may see (staff: placemaker
 * visibility; public: public web map visibility) that meets the site at all (a point or a line
 * that only touches counts, at 0 %), with its share of the site and area rounded to two decimals,
 * the most covering first, then by title.
 */
export async function siteConstraints(
  trx: Trx,
  siteIds: readonly string[],
  audience: ConstraintAudience = 'staff',
): Promise<Map<string, LayerOverlap[]>> {
  const bySite = new Map<string, LayerOverlap[]>(siteIds.map((id) => [id, []]));
  if (siteIds.length === 0) return bySite;
  const rows = await trx
    .selectFrom('site_layer_overlaps as o')
    .innerJoin('layers as l', 'l.id', 'o.layer_id')
    .select([
      sql<string>`o.site_id::text`.as('site_id'),
      'o.layer_id',
      'l.layer_name',
      'l.title',
      'o.overlap_percent',
      'o.overlap_area_m2',
    ])
    .where(sql<boolean>`o.site_id = any(${[...siteIds]}::bigint[])`)
    .where(audience === 'public' ? 'l.public_webmap_visibility' : 'l.placemaker_visibility', '=', true)
    .orderBy('o.site_id')
    .orderBy('o.overlap_percent', 'desc')
    .orderBy('l.title')
    .execute();
  for (const row of rows) {
    bySite.get(row.site_id)?.push({
      layerId: row.layer_id,
      layerName: row.layer_name,
      layerTitle: row.title,
      // Two decimals: a percentage of a site, not of a square millimetre.
      layerOverlapPercent: Math.round(row.overlap_percent * 100) / 100,
      overlapAreaM2: Math.round(row.overlap_area_m2 * 100) / 100,
    });
  }
  return bySite;
}

/** Spec 01 §7 intersected-layers: one site's constraints for staff (the Constraints panel). */
export async function siteOverlaps(trx: Trx, siteId: string): Promise<LayerOverlap[]> {
  return (await siteConstraints(trx, [siteId])).get(siteId) ?? [];
}

/** A constraint as an export cell shows it: "Flood zone 3 (33.33 %)", as the panel's bar reads. */
export const constraintsText = (constraints: readonly LayerOverlap[]): string =>
  constraints.map((c) => `${c.layerTitle} (${c.layerOverlapPercent} %)`).join('; ');

/** The tag a constraint layer gives the sites it meets: its title as a tag ("Green Belt" is "green-belt"). */
export const constraintTagName = (layerTitle: string): string => normaliseTagName(layerTitle);

/** The tag name a layer title gives, when it can be a tag at all (spec 01 §5 length limits). */
function tagNameOf(title: string): string | null {
  const name = constraintTagName(title);
  return name.length >= TAG_LIMITS.nameMin && name.length <= TAG_LIMITS.nameMax ? name : null;
}

/**
 * The constraint tags, set from `siteConstraints`' rule: a site has a staff-visible layer's tag
 * exactly when that layer is one of its constraints. A hand-made tag of the same name follows the
 * layer too; other tags are left alone. Scope: one site's tags (its boundary changed), one layer's
 * tag on every site (its overlaps were worked out), or the tags of some titles (a layer renamed,
 * hidden, shown or deleted: pass its old title as well as its new one).
 */
export async function refreshConstraintTags(
  trx: Trx,
  scope: { siteId?: string; layerId?: string; titles?: readonly string[] },
): Promise<void> {
  const visible = (
    await trx
      .selectFrom('layers')
      .select(['id', 'title', 'tenant_id'])
      .where('placemaker_visibility', '=', true)
      .execute()
  ).flatMap((l) => {
    const name = tagNameOf(l.title);
    return name ? [{ ...l, name }] : [];
  });
  const names = new Set<string>();
  for (const title of scope.titles ?? []) {
    const name = tagNameOf(title);
    if (name) names.add(name);
  }
  for (const l of visible) if (l.id === scope.layerId || (!scope.layerId && !scope.titles)) names.add(l.name);
  if (names.size === 0) return;
  // Every visible layer giving one of these tags (two layers may share a title).
  const layers = visible.filter((l) => names.has(l.name));
  if (layers.length > 0)
    await trx
      .insertInto('tags')
      .values(
        [...new Set(layers.map((l) => l.name))].map((name) => ({
          tenant_id: layers[0]!.tenant_id,
          tag_name: name,
          color: null,
        })),
      )
      .onConflict((oc) => oc.expression(sql`tenant_id, lower(tag_name)`).doNothing())
      .execute();
  const { rows: tagRows } = await sql<{ id: string; name: string }>`
    select id, lower(tag_name) as name from tags where lower(tag_name) = any(${[...names]}::text[])`.execute(
    trx,
  );
  if (tagRows.length === 0) return;
  const tagOf = new Map(tagRows.map((row) => [row.name, row.id]));
  const layerIds = layers.map((l) => l.id);
  const layerTagIds = layers.map((l) => tagOf.get(l.name)!);
  const siteFilter = (column: string) =>
    scope.siteId ? sql`and ${sql.ref(column)} = ${scope.siteId}::bigint` : sql``;
  // Off: the tag on a site none of the visible layers giving it meets any more.
  await sql`
    delete from site_tags st
    where st.tag_id = any(${tagRows.map((row) => row.id)}::uuid[]) ${siteFilter('st.site_id')}
      and not exists (
        select 1 from site_layer_overlaps o
        join unnest(${layerIds}::uuid[], ${layerTagIds}::uuid[]) as m(layer_id, tag_id) on m.layer_id = o.layer_id
        where o.site_id = st.site_id and m.tag_id = st.tag_id)`.execute(trx);
  if (layers.length === 0) return;
  // On: every site such a layer meets.
  await sql`
    insert into site_tags (tenant_id, site_id, tag_id)
    select distinct o.tenant_id, o.site_id, m.tag_id
    from site_layer_overlaps o
    join unnest(${layerIds}::uuid[], ${layerTagIds}::uuid[]) as m(layer_id, tag_id) on m.layer_id = o.layer_id
    where true ${siteFilter('o.site_id')}
    on conflict (site_id, tag_id) do nothing`.execute(trx);
}
