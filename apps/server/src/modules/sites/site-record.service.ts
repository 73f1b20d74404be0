import { sql, type Transaction } from 'kysely';
import {
  historyValue,
  isComputedSiteField,
  serverMessages,
  siteMessages,
  type HistoryItem,
  type HistoryType,
  type SiteFieldType,
  type SiteRecord,
  type siteUpdateBodySchema,
} from '@planning/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { computeSiteOverlaps } from '../overlaps/overlaps.service';
import { isFlagOn } from '../tenants/tenants.queries';
import { boundaryFromShape } from './site-boundary';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { fillSiteAreas } from './site-areas.service';
import { nextSiteReference } from './site-references.service';
import {
  editableField,
  normaliseEditValue,
  readValue,
  type EditableField,
  type StoredValue,
} from './site-record.values';

type Trx = Transaction<Database>;

/** Who is making a change: history names them. */
export type Editor = { tenantId: string; userId: string };

const DEFAULT_SCENARIO = 'Base';

/** The council's data dictionary with what edits are checked against. */
export async function loadEditableDictionary(trx: Trx): Promise<Map<string, EditableField>> {
  const rows = await trx
    .selectFrom('site_fields')
    .select(['name', 'label', 'field_type', 'storage', 'min', 'max', 'options'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.name,
      {
        name: row.name,
        label: row.label,
        fieldType: row.field_type as SiteFieldType,
        storage: row.storage,
        min: row.min,
        max: row.max,
        options: Array.isArray(row.options) ? (row.options as string[]) : null,
      },
    ]),
  );
}

export async function editorName(trx: Trx, userId: string): Promise<string> {
  const row = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name || 'Unknown user';
}

type SiteRow = {
  id: string;
  id_unique: string;
  scenario_name: string;
  version: number;
  public_map_visibility: boolean;
  is_deleted: boolean;
  children_data: unknown;
  created_at: Date | string;
  updated_at: Date | string;
  wkb_geometry: unknown;
  wkb_geometry_cut: unknown;
  bbox: [number, number, number, number];
  columns: Record<string, unknown>;
  attributes: Record<string, unknown>;
  site_tags: Array<{ id: string; name: string; color: string | null }>;
  overrides: Array<{
    field: string;
    computed_value: unknown;
    value: unknown;
    reason: string;
    user_name: string;
    created_at: string;
  }>;
};

const asJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
const isoOf = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The live site with this id in the transaction's council, or 404 'Non-existing id'. */
export async function readSite(
  trx: Trx,
  siteId: string,
  dictionary?: Map<string, EditableField>,
): Promise<SiteRecord> {
  const { rows } = await sql<SiteRow>`
    select s.id::text as id, s.id_unique, s.scenario_name, s.version, s.public_map_visibility, s.is_deleted,
      s.children_data, s.created_at, s.updated_at,
      ST_AsGeoJSON(ST_Transform(s.geom, 4326), 7)::json as wkb_geometry,
      ST_AsGeoJSON(ST_Transform(s.geom_cut, 4326), 7)::json as wkb_geometry_cut,
      (select json_build_array(ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b))
         from (select Box2D(ST_Transform(s.geom, 4326)) as b) as box) as bbox,
      json_build_object('site_name', s.site_name, 'helaa_reference', s.helaa_reference, 'size_ha', s.size_ha,
        'suitable_area', s.suitable_area, 'optimised_unit_capacity', s.optimised_unit_capacity,
        'suitability_assessment_result', s.suitability_assessment_result, 'accessibility_band', s.accessibility_band,
        'availability_time_period', s.availability_time_period, 'neighbourhood_area_name', s.neighbourhood_area_name,
        'ward', s.ward, 'parish', s.parish, 'status', s.status, 'public_map_visibility', s.public_map_visibility,
        'id_unique', s.id_unique, 'scenario_name', s.scenario_name) as columns,
      s.attributes,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.tag_name, 'color', t.color) order by t.tag_name)
        from site_tags st join tags t on t.id = st.tag_id where st.site_id = s.id), '[]'::json) as site_tags,
      coalesce((select json_agg(json_build_object('field', o.field, 'computed_value', o.computed_value,
          'value', o.value, 'reason', o.reason, 'user_name', o.user_name, 'created_at', o.created_at) order by o.field)
        from site_overrides o where o.site_id = s.id), '[]'::json) as overrides
    from sites s where s.id = ${siteId} and not s.is_deleted`.execute(trx);
  const row = rows[0];
  if (!row) throw notFound(serverMessages.nonExistingId);
  const fields = dictionary ?? (await loadEditableDictionary(trx));
  const columns = asJson<Record<string, unknown>>(row.columns);
  const attributes = asJson<Record<string, unknown>>(row.attributes) ?? {};
  const properties: Record<string, unknown> = {};
  for (const field of fields.values()) {
    if (field.fieldType === 'tags') continue;
    properties[field.name] = readValue(
      field,
      field.storage === 'column' ? columns[field.name] : attributes[field.name],
    );
  }
  return {
    id: row.id,
    id_unique: row.id_unique,
    scenario_name: row.scenario_name,
    version: row.version,
    properties,
    site_tags: asJson(row.site_tags),
    children_data: asJson(row.children_data),
    public_map_visibility: row.public_map_visibility,
    is_deleted: row.is_deleted,
    wkb_geometry: asJson(row.wkb_geometry),
    wkb_geometry_cut: row.wkb_geometry_cut === null ? null : asJson(row.wkb_geometry_cut),
    bbox: asJson(row.bbox),
    overrides: asJson<SiteRow['overrides']>(row.overrides).map((override) => ({
      field: override.field,
      computedValue: override.computed_value,
      value: override.value,
      reason: override.reason,
      userName: override.user_name,
      date: isoOf(override.created_at),
    })),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

/** GET /site/v2/{id}?scenario: the same id_unique's row in another scenario. */
export async function siteIdInScenario(trx: Trx, siteId: string, scenario: string): Promise<string> {
  const row = await trx
    .selectFrom('sites as s')
    .innerJoin('sites as other', 'other.id_unique', 's.id_unique')
    .select('other.id')
    .where('s.id', '=', siteId)
    .where('other.scenario_name', '=', scenario)
    .where('other.is_deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw notFound(siteMessages.scenarioMissing);
  return String(row.id);
}

/**
 * The site locked for a change, checked against the version the client read. Two officers who
 * opened the same version: the first edit wins, the second is told to reload (409).
 */
export async function lockSite(trx: Trx, siteId: string, version: number | undefined) {
  if (version === undefined) throw new HttpError(428, siteMessages.versionRequired);
  const { rows } = await sql<{ id: string; id_unique: string; version: number; scenario_name: string }>`
    select id::text as id, id_unique, version, scenario_name from sites
    where id = ${siteId} and not is_deleted for update`.execute(trx);
  const site = rows[0];
  if (!site) throw notFound(serverMessages.nonExistingId);
  if (site.version !== version) throw conflict(siteMessages.changedSinceRead);
  return site;
}

export const HISTORY_COLUMNS = sql`h.id::text as id, h.type, h.user_id::text as user_id, h.user_name, h.created_at,
  h.content, h.edit_field, h.edit_label, h.edit_old, h.edit_new, h.override_reason, h.file_name, h.action_type,
  h.edited_at`;

export type HistoryRow = {
  id: string;
  type: HistoryType;
  user_id: string | null;
  user_name: string;
  created_at: Date | string;
  content: string | null;
  edit_field: string | null;
  edit_label: string | null;
  edit_old: string | null;
  edit_new: string | null;
  override_reason: string | null;
  file_name: string | null;
  action_type: string | null;
  edited_at: Date | string | null;
};

export function historyItem(row: HistoryRow): HistoryItem {
  const edit =
    row.type === 'EDIT' && row.edit_field
      ? {
          field: row.edit_field,
          label: row.edit_label ?? row.edit_field,
          old: row.edit_old ?? '-',
          new: row.edit_new ?? '-',
        }
      : null;
  return {
    id: row.id,
    type: row.type,
    user_id: row.user_id,
    user_name: row.user_name,
    date: isoOf(row.created_at),
    content: row.content,
    // Spec 01 §3: an edit carries edit_content in the form field|old|new.
    edit_content: edit ? `${edit.field}|${edit.old}|${edit.new}` : null,
    edit,
    override_reason: row.override_reason,
    file_name: row.file_name,
    action_type: row.action_type,
    edited_at: row.edited_at === null ? null : isoOf(row.edited_at),
  };
}

type NewEdit = {
  field: string;
  label: string;
  old: unknown;
  new: unknown;
  reason?: string | null;
  content?: string;
};

/** EDIT history rows for a change made to these sites, in the change's own transaction. */
export async function recordEdits(trx: Trx, editor: Editor, edits: Array<NewEdit & { siteId: string }>) {
  if (edits.length === 0) return [];
  const userName = await editorName(trx, editor.userId);
  const rows = await trx
    .insertInto('site_history')
    .values(
      edits.map((edit) => ({
        tenant_id: editor.tenantId,
        site_id: edit.siteId,
        type: 'EDIT' as const,
        user_id: editor.userId,
        user_name: userName,
        content: edit.content ?? null,
        edit_field: edit.field,
        edit_label: edit.label,
        edit_old: historyValue(edit.old),
        edit_new: historyValue(edit.new),
        override_reason: edit.reason ?? null,
      })),
    )
    .returning(sql<string>`id::text`.as('id'))
    .execute();
  return rows.map((row) => row.id);
}

export async function historyByIds(trx: Trx, ids: string[]): Promise<HistoryItem[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<HistoryRow>`select ${HISTORY_COLUMNS} from site_history h
    where h.id = any(${ids}::bigint[]) order by h.id desc`.execute(trx);
  return rows.map(historyItem);
}

/** The value of one field on each of these sites, as stored. */
export async function currentValues(
  trx: Trx,
  field: EditableField,
  siteIds: string[],
): Promise<Map<string, StoredValue>> {
  // Wrapped in an array: a driver hands back a JSON string scalar already parsed, like any other.
  const value =
    field.storage === 'column'
      ? sql`jsonb_build_array(${sql.ref(`sites.${field.name}`)})`
      : sql`jsonb_build_array(sites.attributes -> ${field.name}::text)`;
  const { rows } = await sql<{ id: string; value: [unknown] }>`select sites.id::text as id, ${value} as value
    from sites where sites.id = any(${siteIds}::bigint[])`.execute(trx);
  return new Map(rows.map((row) => [row.id, readValue(field, row.value[0])]));
}

async function writeValue(trx: Trx, field: EditableField, siteIds: string[], value: StoredValue) {
  if (field.storage === 'column') {
    await sql`update sites set ${sql.ref(field.name)} = ${value} where id = any(${siteIds}::bigint[])`.execute(
      trx,
    );
  } else if (value === null) {
    await sql`update sites set attributes = attributes - ${field.name}::text
      where id = any(${siteIds}::bigint[])`.execute(trx);
  } else {
    await sql`update sites set attributes = jsonb_set(attributes, array[${field.name}::text], ${JSON.stringify(value)}::jsonb)
      where id = any(${siteIds}::bigint[])`.execute(trx);
  }
}

/** The live rows of a site's id_unique in every scenario (should_update_all_scenarios). */
async function scenarioSiblings(trx: Trx, idUnique: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('sites')
    .select('id')
    .where('id_unique', '=', idUnique)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((row) => String(row.id));
}

/**
 * Spec 01 §7 site update: one field of a site (or of its rows in every scenario), with its EDIT
 * history rows, in one transaction. A field the council calculates needs a reason and keeps the
 * calculated value so the override can be reverted (issue 11 point 2).
 */
export async function updateSite(
  trx: Trx,
  editor: Editor,
  siteId: string,
  body: z.output<typeof siteUpdateBodySchema>,
  version: number | undefined,
) {
  const dictionary = await loadEditableDictionary(trx);
  const field = editableField(dictionary, body.column_name_raw);
  const value = normaliseEditValue(field, body.new_value);
  const site = await lockSite(trx, siteId, version);
  const targets = body.should_update_all_scenarios ? await scenarioSiblings(trx, site.id_unique) : [site.id];
  const before = await currentValues(trx, field, targets);
  const computed = isComputedSiteField(field.name);
  const reason = body.override_reason?.trim() || null;
  if (computed && !reason)
    throw badRequest(siteMessages.overrideReasonRequired, [
      { path: 'override_reason', message: siteMessages.overrideReasonRequired },
    ]);
  const changed = targets.filter((id) => JSON.stringify(before.get(id) ?? null) !== JSON.stringify(value));
  if (changed.length > 0) {
    await writeValue(trx, field, changed, value);
    if (computed) {
      const userName = await editorName(trx, editor.userId);
      // The first override keeps what the council calculated; later ones keep that same value.
      await trx
        .insertInto('site_overrides')
        .values(
          changed.map((id) => ({
            tenant_id: editor.tenantId,
            site_id: id,
            field: field.name,
            computed_value: JSON.stringify(before.get(id) ?? null),
            value: JSON.stringify(value),
            reason: reason!,
            user_id: editor.userId,
            user_name: userName,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['site_id', 'field']).doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            reason: eb.ref('excluded.reason'),
            user_id: eb.ref('excluded.user_id'),
            user_name: eb.ref('excluded.user_name'),
          })),
        )
        .execute();
    }
  }
  const historyIds = await recordEdits(
    trx,
    editor,
    changed.map((id) => ({
      siteId: id,
      field: field.name,
      label: body.column_name_readable?.trim() || field.label,
      old: before.get(id) ?? null,
      new: value,
      reason,
    })),
  );
  const history = (await historyByIds(trx, historyIds)).filter((item) => item.edit);
  const record = await readSite(trx, siteId, dictionary);
  return { site: record, history: history.slice(0, 1) };
}

/** Puts back the value the council calculated, ending an officer's override. */
export async function revertOverride(
  trx: Trx,
  editor: Editor,
  siteId: string,
  fieldName: string,
  version: number | undefined,
) {
  const dictionary = await loadEditableDictionary(trx);
  const field = editableField(dictionary, fieldName);
  await lockSite(trx, siteId, version);
  const override = await trx
    .selectFrom('site_overrides')
    .select(['computed_value', 'value'])
    .where('site_id', '=', siteId)
    .where('field', '=', field.name)
    .executeTakeFirst();
  if (!override) throw notFound(siteMessages.noOverride);
  const computed = readValue(field, override.computed_value);
  const before = (await currentValues(trx, field, [siteId])).get(siteId) ?? null;
  await writeValue(trx, field, [siteId], computed);
  await trx
    .deleteFrom('site_overrides')
    .where('site_id', '=', siteId)
    .where('field', '=', field.name)
    .execute();
  const ids = await recordEdits(trx, editor, [
    {
      siteId,
      field: field.name,
      label: field.label,
      old: before,
      new: computed,
      content: 'Override reverted to the calculated value',
    },
  ]);
  return { site: await readSite(trx, siteId, dictionary), history: await historyByIds(trx, ids) };
}

/** Spec 01 §7 timeline: newest first, `limit` at a time after `cursor`, of one type or all. */
export async function timeline(
  trx: Trx,
  siteId: string,
  query: { cursor?: string | undefined; limit: number; type?: HistoryType | undefined },
) {
  await requireLiveSite(trx, siteId);
  const { rows } = await sql<HistoryRow>`select ${HISTORY_COLUMNS} from site_history h
    where h.site_id = ${siteId}
      ${query.type ? sql`and h.type = ${query.type}` : sql``}
      ${query.cursor ? sql`and h.id < ${query.cursor}` : sql``}
    order by h.id desc limit ${query.limit + 1}`.execute(trx);
  const items = rows.slice(0, query.limit).map(historyItem);
  return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null };
}

export async function requireLiveSite(trx: Trx, siteId: string) {
  const site = await trx
    .selectFrom('sites')
    .select(['id', 'id_unique', 'scenario_name'])
    .where('id', '=', siteId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!site) throw notFound(serverMessages.nonExistingId);
  return { id: String(site.id), id_unique: site.id_unique, scenario_name: site.scenario_name };
}

/** Whether the council lets a drawn site overlap another (spec 01 §4; flag siteOverlap). */
function overlapAllowed(trx: Trx): Promise<boolean> {
  return isFlagOn(trx, 'siteOverlap');
}

/**
 * A drawn shape as the site's outline (boundaryFromShape), refused too where the council does
 * not allow it when overlapping a live site of the scenario (spec 01 §4).
 */
async function drawnGeometry(
  trx: Trx,
  shape: { type: string; coordinates: unknown[] } | null,
  options: { scenario: string; ignoreSiteId?: string; allowPoint: boolean },
): Promise<string> {
  const drawn = { ewkb: await boundaryFromShape(trx, shape, { allowPoint: options.allowPoint }) };
  if (!(await overlapAllowed(trx))) {
    const { rows: overlapping } = await sql<{ id: string }>`
      select id::text as id from sites
      where not is_deleted and scenario_name = ${options.scenario}
        and ${options.ignoreSiteId ? sql`id <> ${options.ignoreSiteId}` : sql`true`}
        and ST_Intersects(geom, ${drawn.ewkb}::geometry)
        and not ST_Touches(geom, ${drawn.ewkb}::geometry)
      limit 1`.execute(trx);
    if (overlapping.length) throw conflict(siteMessages.overlap);
  }
  return drawn.ewkb;
}

const areaHa = (ewkb: string) => sql<number>`round((ST_Area(${ewkb}::geometry) / 10000)::numeric, 4)`;

/** Boundary edit: the new outline, its area as the site area, with history. */
export async function updateGeometry(
  trx: Trx,
  editor: Editor,
  siteId: string,
  shape: { type: string; coordinates: unknown[] } | null,
  version: number | undefined,
) {
  const site = await lockSite(trx, siteId, version);
  const geometry = await drawnGeometry(trx, shape, {
    scenario: site.scenario_name,
    ignoreSiteId: site.id,
    allowPoint: false,
  });
  const { rows } = await sql<{ old_area: string | null; new_area: string }>`
    select round((ST_Area(geom) / 10000)::numeric, 4)::text as old_area, ${areaHa(geometry)}::text as new_area
    from sites where id = ${siteId}`.execute(trx);
  await sql`update sites set geom = ${geometry}::geometry, size_ha = ${areaHa(geometry)},
      geom_cut = case when geom_cut is null then null
        else ST_Multi(ST_CollectionExtract(ST_Intersection(geom_cut, ${geometry}::geometry), 3)) end
    where id = ${siteId}`.execute(trx);
  await sql`update sites set geom_cut = null where id = ${siteId} and geom_cut is not null and ST_IsEmpty(geom_cut)`.execute(
    trx,
  );
  // The constraint overlaps follow the new boundary in the same transaction.
  await computeSiteOverlaps(trx, editor.tenantId, siteId);
  const area = rows[0]!;
  const ids = await recordEdits(trx, editor, [
    {
      siteId,
      field: 'geometry',
      label: 'Site boundary',
      old: `${Number(area.old_area)} ha`,
      new: `${Number(area.new_area)} ha`,
    },
  ]);
  return { site: await readSite(trx, siteId), history: await historyByIds(trx, ids) };
}

/**
 * Spec 01 §7 custom site creation: a drawn site with its name, the council's next reference
 * (a child site's id is its parent's with a number), and the ward and parish it lies in.
 */
export async function createCustomSite(
  trx: Trx,
  editor: Editor,
  body: {
    custom_site_name: string;
    custom_site_poly: { type: string; coordinates: unknown[] };
    scenario?: string | undefined;
  },
  parent?: { id: string; id_unique: string },
) {
  const scenario = body.scenario ?? (await defaultScenario(trx));
  const geometry = await drawnGeometry(trx, body.custom_site_poly, { scenario, allowPoint: true });
  const reference = await nextSiteReference(trx, editor.tenantId);
  const { rows } = await sql<{ id: string; id_unique: string }>`
    insert into sites (tenant_id, id_unique, helaa_reference, scenario_name, site_name, size_ha, geom)
    values (${editor.tenantId},
      ${parent ? sql`${parent.id_unique} || '-' || nextval('drawn_site_numbers')` : reference}, ${reference},
      ${scenario}, ${body.custom_site_name}, ${areaHa(geometry)}, ${geometry}::geometry)
    returning id::text as id, id_unique`.execute(trx);
  const created = rows[0]!;
  await fillSiteAreas(trx, created.id);
  await computeSiteOverlaps(trx, editor.tenantId, created.id);
  await recordEdits(trx, editor, [
    {
      siteId: created.id,
      field: 'site_name',
      label: 'Site name',
      old: null,
      new: body.custom_site_name,
      content: 'Site drawn',
    },
  ]);
  if (parent) {
    await sql`update sites set children_data = children_data || ${JSON.stringify([
      { id: created.id, id_unique: created.id_unique, site_name: body.custom_site_name },
    ])}::jsonb where id = ${parent.id}`.execute(trx);
  }
  return created;
}

async function defaultScenario(trx: Trx): Promise<string> {
  const row = await trx
    .selectFrom('scenarios')
    .select('name')
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .executeTakeFirst();
  return row?.name ?? DEFAULT_SCENARIO;
}
