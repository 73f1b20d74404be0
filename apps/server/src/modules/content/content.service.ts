import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  configMessages,
  configIssueMessage,
  configSchemas,
  configTypes,
  defaultLayerConfigs,
  layerConfigMessages,
  layerIdsOf,
  summariseChanges,
  TENANT_ASSIGNMENT,
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
import { recordAudit, type AuditActor } from '../audit/audit.record';
import { readTenantDocument, writeTenantDocument } from './content.documents.service';

const isLayerConfig = (type: ConfigType): type is LayerConfigType => type in defaultLayerConfigs;

/** The council's current configuration document of a type, links resolved, checked against its schema. */
export async function getConfig(db: Kysely<Database>, tenantId: string, type: ConfigType) {
  const found = await withTenant(db, tenantId, (trx) => readTenantDocument(trx, type));
  // Every map reads the layer configs: a fresh council gets their empty defaults (spec 03 §3.3).
  if (!found && isLayerConfig(type))
    return { id: null, type, label: configTypes[type], config: defaultLayerConfigs[type], updatedAt: null };
  if (!found) throw new HttpError(404, configMessages.doesNotExist(type));
  const { row, config } = found;
  return { id: row.id, type, label: row.label, config, updatedAt: row.updated_at.toISOString() };
}

/** Who seeds: no one signed in (the demo data, a new council). */
const seeder: AuditActor = { userId: null, email: null, ip: null, userAgent: null };

/**
 * Gives a council a current document of a type unless it has one (seeding; never overwrites an
 * admin's, so it may run again and again).
 */
export async function seedConfig(
  db: Kysely<Database>,
  tenantId: string,
  type: ConfigType,
  config: unknown,
  label: string = configTypes[type],
) {
  const valid = configSchemas[type].parse(config);
  await withTenant(db, tenantId, async (trx) => {
    const existing = await trx
      .selectFrom('configs')
      .select('id')
      .where('config_type', '=', type)
      .where('assignment', '=', TENANT_ASSIGNMENT)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!existing) await writeTenantDocument(trx, tenantId, seeder, type, valid, label);
  });
}

/**
 * Replaces the council's document of a layer config type (an admin's save): checked against its
 * schema, and every layer it names must be one of the council's (row-level security hides the
 * others, so another council's layer is unknown too). The change is the document's next version,
 * with an audit row.
 */
export async function saveLayerConfig(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  type: LayerConfigType,
  input: unknown,
) {
  const parsed = configSchemas[type].safeParse(input, { error: configIssueMessage });
  if (!parsed.success)
    throw badRequest(
      configMessages.invalid,
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  const config = parsed.data;
  await withTenant(db, tenantId, async (trx) => {
    await requireLayers(trx, layerIdsOf(type, config));
    const { row, changes, created } = await writeTenantDocument(trx, tenantId, request, type, config);
    if (changes.length === 0 && !created) return;
    await recordAudit(trx, tenantId, request, {
      action: 'layer-config.update',
      targetType: 'config',
      targetId: row.id,
      summary: `${created ? 'Created' : 'Changed'} the ${configTypes[type]} config (version ${row.version}): ${summariseChanges(changes)}`,
      details: {
        type,
        version: row.version,
        changes: changes.slice(0, 50).map(({ path, kind }) => ({ path, kind })),
      },
    });
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
