import type { Kysely, Transaction } from 'kysely';
import {
  configMessages,
  configSchemas,
  configTypes,
  defaultLayerConfigs,
  layerConfigMessages,
  layerIdsOf,
  type ConfigType,
  type ErrorBody,
  type LayerConfigType,
  type LayersOrderConfig,
  type LayerTreeTooltipsConfig,
  type MapMetadataCardConfig,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest, HttpError } from '../../lib/errors';

const isLayerConfig = (type: ConfigType): type is LayerConfigType => type in defaultLayerConfigs;

/** The council's current configuration document of a type, checked against its schema. */
export async function getConfig(db: Kysely<Database>, tenantId: string, type: ConfigType) {
  const row = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('configs')
      .select(['id', 'label', 'config', 'updated_at'])
      .where('config_type', '=', type)
      .executeTakeFirst(),
  );
  // Every map reads the layer configs: a fresh council gets their empty defaults (spec 03 §3.3).
  if (!row && isLayerConfig(type))
    return { id: null, type, label: configTypes[type], config: defaultLayerConfigs[type], updatedAt: null };
  if (!row) throw new HttpError(404, configMessages.doesNotExist(type));
  // A stored document that no longer fits its schema is reported, never half-rendered.
  const parsed = configSchemas[type].safeParse(row.config);
  if (!parsed.success) throw new HttpError(422, configMessages.invalid);
  return { id: row.id, type, label: row.label, config: parsed.data, updatedAt: row.updated_at.toISOString() };
}

/** Gives a council a document of a type unless it has one (seeding; never overwrites an admin's). */
export async function seedConfig(db: Kysely<Database>, tenantId: string, type: ConfigType, config: unknown) {
  const valid = configSchemas[type].parse(config);
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('configs')
      .values({
        tenant_id: tenantId,
        config_type: type,
        label: configTypes[type],
        config: JSON.stringify(valid),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'config_type']).doNothing())
      .execute(),
  );
}

/**
 * Replaces the council's document of a layer config type (an admin's save): checked against its
 * schema, and every layer it names must be one of the council's (row-level security hides the
 * others, so another council's layer is unknown too).
 */
export async function saveLayerConfig(
  db: Kysely<Database>,
  tenantId: string,
  type: LayerConfigType,
  input: unknown,
) {
  const parsed = configSchemas[type].safeParse(input);
  if (!parsed.success)
    throw badRequest(
      configMessages.invalid,
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  const config = parsed.data;
  await withTenant(db, tenantId, async (trx) => {
    await requireLayers(trx, layerIdsOf(type, config));
    await trx
      .insertInto('configs')
      .values({
        tenant_id: tenantId,
        config_type: type,
        label: configTypes[type],
        config: JSON.stringify(config),
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'config_type']).doUpdateSet({ config: JSON.stringify(config) }),
      )
      .execute();
  });
  return getConfig(db, tenantId, type);
}

async function requireLayers(trx: Transaction<Database>, named: ReturnType<typeof layerIdsOf>) {
  if (named.length === 0) return;
  const ids = [...new Set(named.map((entry) => entry.id))];
  const found = await trx.selectFrom('layers').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const issues: ErrorBody['issues'] = named
    .filter((entry) => !known.has(entry.id))
    .map((entry) => ({ path: entry.path.join('.'), message: layerConfigMessages.unknownLayers([entry.id]) }));
  throw badRequest(layerConfigMessages.unknownLayers(unknown), issues);
}

/**
 * A layer config as the public web map may see it (no sign-in): only what concerns layers shown
 * there; a group of the layers order with none of them is left out.
 */
export async function getPublicLayerConfig(db: Kysely<Database>, tenantId: string, type: LayerConfigType) {
  const answer = await getConfig(db, tenantId, type);
  const rows = await withTenant(db, tenantId, (trx) =>
    trx.selectFrom('layers').select('id').where('public_webmap_visibility', '=', true).execute(),
  );
  const shown = new Set(rows.map((row) => row.id));
  const config = answer.config as MapMetadataCardConfig | LayersOrderConfig | LayerTreeTooltipsConfig;
  let visible: unknown;
  if (type === 'map-metadata-card')
    visible = {
      fields_config: (config as MapMetadataCardConfig).fields_config.filter((entry) =>
        shown.has(entry.layerId),
      ),
    };
  else if (type === 'layers-order')
    visible = {
      groups: (config as LayersOrderConfig).groups
        .map((group) => ({ ...group, layersOrder: group.layersOrder.filter((id) => shown.has(id)) }))
        .filter((group) => group.layersOrder.length > 0),
    };
  else
    visible = {
      tooltips: (config as LayerTreeTooltipsConfig).tooltips.filter((entry) => shown.has(entry.id)),
    };
  // Its id and date say nothing the public needs.
  return { id: null, type, label: answer.label, config: visible, updatedAt: null };
}
