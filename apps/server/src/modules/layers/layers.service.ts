import { sql, type Transaction } from 'kysely';
import {
  layerMessages,
  layerStyleSchema,
  placeSearchMessages,
  type Layer,
  type LayerTheme,
  type LayerUpdate,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { refreshConstraintTags } from '../overlaps/overlaps.service';

type Trx = Transaction<Database>;

type LayerRow = {
  id: string;
  layer_name: string;
  title: string;
  theme_id: string | null;
  theme_name: string | null;
  category: string | null;
  default_description: string | null;
  placemaker_description: string | null;
  public_web_map_description: string | null;
  placemaker_visibility: boolean;
  public_webmap_visibility: boolean;
  add_on_map: boolean;
  z_index: number;
  tags: string[];
  geometry_type: Layer['geometryType'];
  style: unknown;
  fields: Layer['fields'];
  feature_count: number;
  extent: number[] | null;
  source: Record<string, unknown>;
  version: number;
  place_field: string | null;
  place_kind: 'name' | 'postcode' | null;
  updated_at: Date;
};

/** The columns a layer is presented from (an allow-list: a new column never leaks by itself). */
function selectLayers(trx: Trx) {
  return trx
    .selectFrom('layers as l')
    .leftJoin('layer_themes as t', 't.id', 'l.theme_id')
    .select([
      'l.id',
      'l.layer_name',
      'l.title',
      'l.theme_id',
      't.name as theme_name',
      'l.category',
      'l.default_description',
      'l.placemaker_description',
      'l.public_web_map_description',
      'l.placemaker_visibility',
      'l.public_webmap_visibility',
      'l.add_on_map',
      'l.z_index',
      'l.tags',
      'l.geometry_type',
      'l.style',
      'l.fields',
      'l.feature_count',
      sql<number[] | null>`case when l.extent is null then null
        else array[ST_XMin(l.extent), ST_YMin(l.extent), ST_XMax(l.extent), ST_YMax(l.extent)] end`.as(
        'extent',
      ),
      'l.source',
      'l.version',
      'l.place_field',
      'l.place_kind',
      'l.updated_at',
    ]);
}

export function presentLayer(row: LayerRow): Layer {
  // Spec 03 §8: an unparsable style is skipped, not an error.
  const style = layerStyleSchema.safeParse(row.style);
  const extent =
    row.extent && row.extent.length === 4
      ? (row.extent.map(Number) as [number, number, number, number])
      : null;
  return {
    id: row.id,
    layerName: row.layer_name,
    title: row.title,
    themeId: row.theme_id,
    themeName: row.theme_name,
    category: row.category,
    defaultDescription: row.default_description,
    placemakerDescription: row.placemaker_description,
    publicWebMapDescription: row.public_web_map_description,
    placemakerVisibility: row.placemaker_visibility,
    publicWebmapVisibility: row.public_webmap_visibility,
    addOnMap: row.add_on_map,
    zIndex: row.z_index,
    tags: row.tags,
    geometryType: row.geometry_type,
    style: style.success ? style.data : null,
    fields: Array.isArray(row.fields) ? row.fields : [],
    featureCount: row.feature_count,
    extent,
    source: row.source ?? {},
    version: row.version,
    placeSearch: row.place_field && row.place_kind ? { field: row.place_field, kind: row.place_kind } : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Spec 03 §6 "Map layer set depends on the viewer": every layer (layer admins), those shown on
 * the staff maps (placemaker visibility), or those on the public web map (public visibility).
 */
export type LayerSet = 'all' | 'placemaker' | 'public';

/** The council's layers of a set, highest zIndex first. */
export async function listLayers(trx: Trx, options: { set: LayerSet }): Promise<Layer[]> {
  let query = selectLayers(trx);
  if (options.set === 'placemaker') query = query.where('l.placemaker_visibility', '=', true);
  if (options.set === 'public') query = query.where('l.public_webmap_visibility', '=', true);
  const rows = await query.orderBy('l.z_index', 'desc').orderBy('l.title').orderBy('l.id').execute();
  const layers = rows.map((row) => presentLayer(row as LayerRow));
  return options.set === 'public' ? layers.map(presentPublicLayer) : layers;
}

/** What a member of the public sees of a layer: no upload record, no staff-only description. */
function presentPublicLayer(layer: Layer): Layer {
  return { ...layer, source: {}, placemakerDescription: null };
}

export async function readLayer(trx: Trx, id: string): Promise<Layer> {
  const row = await selectLayers(trx).where('l.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(layerMessages.notFound);
  return presentLayer(row as LayerRow);
}

async function requireTheme(trx: Trx, themeId: string | null | undefined) {
  if (!themeId) return;
  const theme = await trx
    .selectFrom('layer_themes')
    .select('id')
    .where('id', '=', themeId)
    .executeTakeFirst();
  if (!theme) throw notFound(layerMessages.themeNotFound);
}

/** PUT /layers/{id}: the metadata given; the version is bumped so tile caches refresh. */
export async function updateLayer(trx: Trx, id: string, update: LayerUpdate): Promise<Layer> {
  await requireTheme(trx, update.themeId);
  const set: Record<string, unknown> = {};
  if (update.title !== undefined) set.title = update.title;
  if (update.themeId !== undefined) set.theme_id = update.themeId;
  if (update.category !== undefined) set.category = update.category;
  if (update.defaultDescription !== undefined) set.default_description = update.defaultDescription;
  if (update.placemakerDescription !== undefined) set.placemaker_description = update.placemakerDescription;
  if (update.publicWebMapDescription !== undefined)
    set.public_web_map_description = update.publicWebMapDescription;
  if (update.placemakerVisibility !== undefined) set.placemaker_visibility = update.placemakerVisibility;
  if (update.publicWebmapVisibility !== undefined)
    set.public_webmap_visibility = update.publicWebmapVisibility;
  if (update.addOnMap !== undefined) set.add_on_map = update.addOnMap;
  if (update.zIndex !== undefined) set.z_index = update.zIndex;
  if (update.tags !== undefined) set.tags = [...new Set(update.tags)];
  if (update.style !== undefined) set.style = JSON.stringify(update.style);
  if (update.placeSearch !== undefined) {
    // Place search (issue 27): a field the layer has; its features' names follow by trigger (0050).
    if (update.placeSearch) await requireField(trx, id, update.placeSearch.field);
    set.place_field = update.placeSearch?.field ?? null;
    set.place_kind = update.placeSearch?.kind ?? null;
  }
  const before = await titleOf(trx, id);
  const updated = await trx
    .updateTable('layers')
    .set({ ...set, version: sql`version + 1` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw notFound(layerMessages.notFound);
  if (update.title !== undefined || update.placemakerVisibility !== undefined)
    await refreshConstraintTags(trx, { titles: [before ?? '', update.title ?? before ?? ''] });
  return readLayer(trx, id);
}

/** A field of the layer's attributes, or 400 (a missing layer is 404 as ever). */
async function requireField(trx: Trx, id: string, field: string): Promise<void> {
  const layer = await trx.selectFrom('layers').select('fields').where('id', '=', id).executeTakeFirst();
  if (!layer) throw notFound(layerMessages.notFound);
  const fields = Array.isArray(layer.fields) ? layer.fields : [];
  if (!fields.some((candidate) => candidate.name === field))
    throw badRequest(placeSearchMessages.placeFieldUnknown);
}

/** A layer's title, or undefined when there is no such layer. */
async function titleOf(trx: Trx, id: string): Promise<string | undefined> {
  return (await trx.selectFrom('layers').select('title').where('id', '=', id).executeTakeFirst())?.title;
}

/** Renames a layer's machine name and/or title (geodata rename); bumps its version. */
export async function renameLayer(
  trx: Trx,
  id: string,
  rename: { layerName?: string; title?: string },
): Promise<Layer> {
  const before = await titleOf(trx, id);
  try {
    const updated = await trx
      .updateTable('layers')
      .set({
        ...(rename.layerName ? { layer_name: rename.layerName } : {}),
        ...(rename.title ? { title: rename.title } : {}),
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound(layerMessages.notFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(layerMessages.layerNameTaken);
    throw error;
  }
  if (rename.title) await refreshConstraintTags(trx, { titles: [before ?? '', rename.title] });
  return readLayer(trx, id);
}

/** Deletes a layer and (by the foreign key's cascade) its features, in one statement. */
export async function deleteLayer(trx: Trx, id: string): Promise<void> {
  const deleted = await trx.deleteFrom('layers').where('id', '=', id).returning('title').executeTakeFirst();
  if (!deleted) throw notFound(layerMessages.notFound);
  // Its constraint tag leaves the sites no other layer of that title meets.
  await refreshConstraintTags(trx, { titles: [deleted.title] });
}

type ThemeRow = {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
  order_index: number;
};
const presentTheme = (row: ThemeRow): LayerTheme => ({
  id: row.id,
  name: row.name,
  category: row.category,
  description: row.description,
  orderIndex: row.order_index,
});
const themeColumns = ['id', 'name', 'category', 'description', 'order_index'] as const;

export async function listThemes(trx: Trx): Promise<LayerTheme[]> {
  const rows = await trx
    .selectFrom('layer_themes')
    .select(themeColumns)
    .orderBy('order_index')
    .orderBy('name')
    .execute();
  return rows.map(presentTheme);
}

type ThemeInput = {
  name?: string;
  category?: string | null;
  description?: string | null;
  orderIndex?: number;
};

export async function createTheme(
  trx: Trx,
  tenantId: string,
  input: ThemeInput & { name: string },
): Promise<LayerTheme> {
  try {
    const row = await trx
      .insertInto('layer_themes')
      .values({
        tenant_id: tenantId,
        name: input.name,
        category: input.category ?? null,
        description: input.description ?? null,
        order_index: input.orderIndex ?? 0,
      })
      .returning(themeColumns)
      .executeTakeFirstOrThrow();
    return presentTheme(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(layerMessages.themeNameTaken);
    throw error;
  }
}

export async function updateTheme(trx: Trx, id: string, input: ThemeInput): Promise<LayerTheme> {
  try {
    // An empty change still touches updated_at, so the statement always has a SET.
    const row = await trx
      .updateTable('layer_themes')
      .set({
        updated_at: sql`now()`,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.orderIndex !== undefined ? { order_index: input.orderIndex } : {}),
      })
      .where('id', '=', id)
      .returning(themeColumns)
      .executeTakeFirst();
    if (!row) throw notFound(layerMessages.themeNotFound);
    return presentTheme(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(layerMessages.themeNameTaken);
    throw error;
  }
}

/** Deletes a theme; its layers lose their theme (the foreign key sets it null) and their version moves on. */
export async function deleteTheme(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('layers')
    .set({ version: sql`version + 1` })
    .where('theme_id', '=', id)
    .execute();
  const deleted = await trx
    .deleteFrom('layer_themes')
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(layerMessages.themeNotFound);
}

/** The layer tree: themes in their order with their layers, then the layers without a theme. */
export async function groupedLayers(trx: Trx, options: { set: LayerSet }) {
  const themes = await listThemes(trx);
  const layers = await listLayers(trx, options);
  const groups: Array<{ theme: LayerTheme | null; layers: Layer[] }> = themes.map((theme) => ({
    theme,
    layers: layers.filter((layer) => layer.themeId === theme.id),
  }));
  const loose = layers.filter((layer) => !layer.themeId);
  if (loose.length > 0) groups.push({ theme: null, layers: loose });
  // The public learns nothing of themes without a public layer.
  return { groups: options.set === 'public' ? groups.filter((group) => group.layers.length > 0) : groups };
}

/** GET /geodata-info (spec 03 §3.6): each layer with its theme as parent. */
export async function geodataInfo(trx: Trx) {
  const layers = await listLayers(trx, { set: 'all' });
  return {
    items: layers.map((layer) => ({
      id: layer.id,
      layerId: layer.id,
      parentId: layer.themeId,
      layerName: layer.layerName,
      title: layer.title,
      geometryType: layer.geometryType,
      featureCount: layer.featureCount,
      version: layer.version,
      source: layer.source,
      updatedAt: layer.updatedAt,
    })),
  };
}
