import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  configMessages,
  configTypeNames,
  configTypes,
  configVersionActions,
  defaultConfigOf,
  diffJson,
  summariseChanges,
  TENANT_ASSIGNMENT,
  type ConfigChange,
  type ConfigDocumentDetail,
  type ConfigDocumentMeta,
  type ConfigStore,
  type ConfigType,
  type ConfigVersion,
  type ConfigVersionDetail,
  type CreateConfigDocumentBody,
  type UpdateConfigDocumentBody,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.record';
import type { Actor, ConfigRow, Trx } from './content.documents.rows';
import {
  actorId,
  buildConfig,
  changeDetails,
  describe,
  detailOf,
  findRow,
  inSchemaOrder,
  insertDocument,
  listItems,
  liveDocumentGuard,
  liveTenantDocument,
  namesOf,
  requireValid,
  sameJson,
  writeVersion,
} from './content.documents.rows';

/**
 * Config documents (issue 16 point 1; spec 03 §3.1–3.4, §7.2): a council's typed configuration,
 * in one of three tables (the `store`), with its meta, links to other configs resolved before
 * validation, a version for every change (who, when, before and after) and rollback. Every change
 * writes its version and an audit row in the same tenant transaction.
 */

// ---------------------------------------------------------------------------------------------
// Reading

export async function listConfigDocuments(
  db: Kysely<Database>,
  tenantId: string,
  query: {
    type?: ConfigType | undefined;
    store?: ConfigStore | undefined;
    assignment?: string | undefined;
    tag?: string | undefined;
    includeDeleted?: boolean | undefined;
  },
) {
  return withTenant(db, tenantId, async (trx) => {
    let select = trx.selectFrom('configs').selectAll().where('config_type', 'in', configTypeNames);
    if (query.type) select = select.where('config_type', '=', query.type);
    if (query.store) select = select.where('store', '=', query.store);
    if (query.assignment) select = select.where('assignment', '=', query.assignment);
    if (query.tag) select = select.where(({ eb, val, fn }) => eb(val(query.tag!), '=', fn.any('tags')));
    if (!query.includeDeleted) select = select.where('deleted_at', 'is', null);
    const rows = await select.orderBy('config_type').orderBy('label').orderBy('id').limit(2000).execute();
    return { items: await listItems(trx, rows) };
  });
}

export async function getConfigDocument(db: Kysely<Database>, tenantId: string, id: string) {
  return withTenant(db, tenantId, async (trx) => detailOf(trx, await findRow(trx, id)));
}

export async function getConfigDocumentMeta(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<ConfigDocumentMeta> {
  return withTenant(db, tenantId, async (trx) => {
    const row = await findRow(trx, id);
    const [item] = await listItems(trx, [row]);
    return { ...item!, optionalData: row.optional_data };
  });
}

/** Spec 03 §7.2: configs by ids, with a table and a type; ids that are not there are left out. */
export async function getConfigDocumentsByIds(
  db: Kysely<Database>,
  tenantId: string,
  query: { ids: string[]; store?: ConfigStore; type?: ConfigType },
) {
  return withTenant(db, tenantId, async (trx) => {
    let select = trx
      .selectFrom('configs')
      .selectAll()
      .where('id', 'in', query.ids)
      .where('config_type', 'in', configTypeNames)
      .where('deleted_at', 'is', null);
    if (query.store) select = select.where('store', '=', query.store);
    if (query.type) select = select.where('config_type', '=', query.type);
    const rows = await select.execute();
    const order = new Map(query.ids.map((id, index) => [id, index]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const items: ConfigDocumentDetail[] = [];
    for (const row of rows) items.push(await detailOf(trx, row));
    return { items };
  });
}

/** Spec 03 §7.2: configs by assignment (live ones), with their documents. */
export async function getConfigDocumentsByAssignment(
  db: Kysely<Database>,
  tenantId: string,
  assignment: string,
) {
  return withTenant(db, tenantId, async (trx) => {
    const rows = await trx
      .selectFrom('configs')
      .selectAll()
      .where('assignment', '=', assignment)
      .where('config_type', 'in', configTypeNames)
      .where('deleted_at', 'is', null)
      .orderBy('config_type')
      .orderBy('label')
      .execute();
    const items: ConfigDocumentDetail[] = [];
    for (const row of rows) items.push(await detailOf(trx, row));
    return { items };
  });
}

export async function listConfigVersions(db: Kysely<Database>, tenantId: string, id: string) {
  return withTenant(db, tenantId, async (trx) => {
    await findRow(trx, id);
    const rows = await trx
      .selectFrom('config_versions')
      .select(['version', 'action', 'summary', 'changed_by', 'changed_at'])
      .where('config_id', '=', id)
      .orderBy('version', 'desc')
      .execute();
    const names = await namesOf(
      trx,
      rows.map((row) => row.changed_by),
    );
    const items: ConfigVersion[] = rows.map((row) => ({
      version: row.version,
      action: row.action,
      actionLabel: configVersionActions[row.action],
      changedAt: row.changed_at.toISOString(),
      changedBy: row.changed_by ? (names.get(row.changed_by) ?? null) : null,
      summary: row.summary,
    }));
    return { items };
  });
}

export async function getConfigVersion(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  version: number,
): Promise<ConfigVersionDetail> {
  return withTenant(db, tenantId, async (trx) => {
    const config = await findRow(trx, id);
    const row = await trx
      .selectFrom('config_versions')
      .selectAll()
      .where('config_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw notFound(configMessages.versionNotFound(version));
    const names = await namesOf(trx, [row.changed_by]);
    return {
      version: row.version,
      action: row.action,
      actionLabel: configVersionActions[row.action],
      changedAt: row.changed_at.toISOString(),
      changedBy: row.changed_by ? (names.get(row.changed_by) ?? null) : null,
      summary: row.summary,
      before: inSchemaOrder(config.config_type, row.before ?? null),
      after: inSchemaOrder(config.config_type, row.after ?? null),
      changes: row.before === null || row.after === null ? [] : diffJson(row.before, row.after),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Changing

/** POST /config-documents: from the document given, a template's, or the type's default (§3.3). */
export async function createConfigDocument(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  body: CreateConfigDocumentBody,
): Promise<ConfigDocumentDetail> {
  return withTenant(db, tenantId, async (trx) => {
    let document: unknown = body.config;
    if (body.templateId) {
      const template = await trx
        .selectFrom('config_templates')
        .selectAll()
        .where('id', '=', body.templateId)
        .executeTakeFirst();
      if (!template) throw notFound(configMessages.templateNotFound);
      if (template.config_type !== body.type) throw badRequest(configMessages.templateTypeMismatch);
      document ??= template.config;
    }
    document ??= defaultConfigOf(body.type);
    const config = await requireValid(trx, body.type, document, null);
    // The council's first document of a type is the one its screens read, unless told otherwise.
    const assignment =
      body.assignment !== undefined
        ? body.assignment
        : (await liveTenantDocument(trx, body.type))
          ? null
          : TENANT_ASSIGNMENT;
    const row = await insertDocument(trx, tenantId, request, {
      type: body.type,
      label: body.label,
      store: body.store ?? 'configs',
      tags: uniqueTags(body.tags ?? []),
      assignment,
      appFeature: body.appFeature ?? null,
      optionalData: body.optionalData ?? null,
      templateId: body.templateId ?? null,
      config,
    });
    await recordAudit(trx, tenantId, request, {
      action: 'config.create',
      targetType: 'config',
      targetId: row.id,
      summary: `Created ${describe(row)}${body.templateId ? ' from a template' : ''}`,
      details: {
        type: row.config_type,
        store: row.store,
        assignment: row.assignment,
        templateId: row.template_id,
      },
    });
    return detailOf(trx, row);
  });
}

const uniqueTags = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim()))];

function refuseIfGone(row: ConfigRow) {
  if (row.deleted_at) throw conflict(configMessages.deleted);
}

/** PUT /config-documents/:id: a new document (and meta), checked, as the next version. */
export async function updateConfigDocument(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  id: string,
  body: UpdateConfigDocumentBody,
): Promise<ConfigDocumentDetail> {
  return withTenant(db, tenantId, async (trx) => {
    const row = await findRow(trx, id, true);
    refuseIfGone(row);
    if (row.version !== body.expectedVersion) throw conflict(configMessages.stale);
    const type = row.config_type as ConfigType;
    if (row.store === 'immutable_configs' && !sameJson(row.config, body.config))
      throw conflict(configMessages.immutable);
    const config =
      row.store === 'immutable_configs' ? row.config : await requireValid(trx, type, body.config, row.id);
    const changes = diffJson(row.config, config);
    const meta = {
      label: body.label ?? row.label,
      tags: body.tags ? uniqueTags(body.tags) : row.tags,
      assignment: body.assignment !== undefined ? body.assignment : row.assignment,
      app_feature: body.appFeature !== undefined ? body.appFeature : row.app_feature,
      optional_data: body.optionalData !== undefined ? body.optionalData : row.optional_data,
    };
    const metaChanges = diffJson(
      {
        label: row.label,
        tags: row.tags,
        assignment: row.assignment,
        appFeature: row.app_feature,
        optionalData: row.optional_data,
      },
      {
        label: meta.label,
        tags: meta.tags,
        assignment: meta.assignment,
        appFeature: meta.app_feature,
        optionalData: meta.optional_data,
      },
    );
    // Nothing changed: no new version.
    if (changes.length === 0 && metaChanges.length === 0) return detailOf(trx, row);
    const version = row.version + 1;
    const updated = await liveDocumentGuard(type, () =>
      trx
        .updateTable('configs')
        .set({
          config: JSON.stringify(config),
          label: meta.label,
          tags: meta.tags,
          assignment: meta.assignment,
          app_feature: meta.app_feature,
          optional_data: meta.optional_data === null ? null : JSON.stringify(meta.optional_data),
          updated_by: actorId(request),
          version,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const summary = [
      changes.length > 0 ? summariseChanges(changes) : null,
      metaChanges.length > 0
        ? `meta: ${metaChanges
            .map((change) => change.path.split('.')[0])
            .filter(unique)
            .join(', ')}`
        : null,
    ]
      .filter(Boolean)
      .join('; ');
    await writeVersion(trx, tenantId, request, {
      configId: id,
      version,
      action: 'update',
      before: row.config,
      after: updated.config,
      summary,
    });
    await recordAudit(trx, tenantId, request, {
      action: 'config.update',
      targetType: 'config',
      targetId: id,
      summary: `Changed ${describe(updated)} (version ${version}): ${summary}`,
      details: { type, version, changes: changeDetails(changes), meta: metaChanges },
    });
    return detailOf(trx, updated);
  });
}

const unique = <T>(value: T, index: number, all: T[]) => all.indexOf(value) === index;

/**
 * The trail of a deletion or a restoration: a version (the document itself unchanged) and the
 * audit row (a deletion names the assignment the config held).
 */
async function recordDeletion(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  row: ConfigRow,
  version: number,
  action: 'delete' | 'restore',
) {
  const done = action === 'delete' ? 'Deleted' : 'Restored';
  await writeVersion(trx, tenantId, request, {
    configId: row.id,
    version,
    action,
    before: row.config,
    after: row.config,
    summary: done,
  });
  await recordAudit(trx, tenantId, request, {
    action: action === 'delete' ? 'config.delete' : 'config.restore',
    targetType: 'config',
    targetId: row.id,
    summary: `${done} ${describe(row)}`,
    details:
      action === 'delete'
        ? { type: row.config_type, version, assignment: row.assignment }
        : { type: row.config_type, version },
  });
}

/** DELETE /config-documents/:id: soft; the document stays, and can be restored. */
export async function deleteConfigDocument(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  id: string,
) {
  return withTenant(db, tenantId, async (trx) => {
    const row = await findRow(trx, id, true);
    if (row.deleted_at) throw conflict(configMessages.alreadyDeleted);
    const version = row.version + 1;
    const by = actorId(request);
    const updated = await trx
      .updateTable('configs')
      .set({ deleted_at: new Date(), deleted_by: by, updated_by: by, version })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordDeletion(trx, tenantId, request, row, version, 'delete');
    return detailOf(trx, updated);
  });
}

/** POST /config-documents/:id/restore: a deleted config back (409 while its place is taken). */
export async function restoreConfigDocument(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  id: string,
) {
  return withTenant(db, tenantId, async (trx) => {
    const row = await findRow(trx, id, true);
    if (!row.deleted_at) throw conflict(configMessages.notDeleted);
    const version = row.version + 1;
    const updated = await liveDocumentGuard(row.config_type, () =>
      trx
        .updateTable('configs')
        .set({ deleted_at: null, deleted_by: null, updated_by: actorId(request), version })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await recordDeletion(trx, tenantId, request, row, version, 'restore');
    return detailOf(trx, updated);
  });
}

/**
 * POST /config-documents/:id/rollback: the document as it was after `version`, checked again
 * (a linked config may have changed since), saved as a new version.
 */
export async function rollbackConfigDocument(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  id: string,
  body: { version: number; expectedVersion?: number | undefined },
) {
  return withTenant(db, tenantId, async (trx) => {
    const row = await findRow(trx, id, true);
    refuseIfGone(row);
    if (body.expectedVersion !== undefined && row.version !== body.expectedVersion)
      throw conflict(configMessages.stale);
    const target = await trx
      .selectFrom('config_versions')
      .select(['after'])
      .where('config_id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (!target || target.after === null) throw notFound(configMessages.versionNotFound(body.version));
    if (row.store === 'immutable_configs' && !sameJson(row.config, target.after))
      throw conflict(configMessages.immutable);
    const type = row.config_type as ConfigType;
    const config = await requireValid(trx, type, target.after, row.id);
    const changes = diffJson(row.config, config);
    const version = row.version + 1;
    const updated = await trx
      .updateTable('configs')
      .set({ config: JSON.stringify(config), updated_by: actorId(request), version })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const summary = `Back to version ${body.version}: ${summariseChanges(changes)}`;
    await writeVersion(trx, tenantId, request, {
      configId: id,
      version,
      action: 'rollback',
      before: row.config,
      after: updated.config,
      summary,
    });
    await recordAudit(trx, tenantId, request, {
      action: 'config.rollback',
      targetType: 'config',
      targetId: id,
      summary: `Rolled back ${describe(row)} to version ${body.version} (now version ${version})`,
      details: { type, to: body.version, version, changes: changeDetails(changes) },
    });
    return detailOf(trx, updated);
  });
}

// ---------------------------------------------------------------------------------------------
// The council's current document of a type (what the screens read)

/**
 * The live 'tenant' document of a type with its links resolved; null when the council has none.
 * 422 'Config is invalid' when it no longer passes its schema (never half-rendered).
 */
export async function readTenantDocument(trx: Trx, type: ConfigType) {
  const row = await liveTenantDocument(trx, type);
  if (!row) return null;
  const built = await buildConfig(trx, type, row.config, row.id);
  if (!built.validation.valid) throw new HttpError(422, configMessages.invalid);
  return { row, config: built.data };
}

/**
 * Writes the council's current document of a type (PUT /configs/:type, the seed): a new
 * document when it has none, else the next version of it. Returns the row.
 */
export async function writeTenantDocument(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  type: ConfigType,
  config: unknown,
  /** The label of a new document (the type's name unless given). */
  label: string = configTypes[type],
): Promise<{ row: ConfigRow; changes: ConfigChange[]; created: boolean }> {
  const existing = await trx
    .selectFrom('configs')
    .selectAll()
    .where('config_type', '=', type)
    .where('assignment', '=', TENANT_ASSIGNMENT)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!existing) {
    const row = await insertDocument(trx, tenantId, actor, {
      type,
      label,
      store: 'configs',
      tags: [],
      assignment: TENANT_ASSIGNMENT,
      appFeature: null,
      optionalData: null,
      templateId: null,
      config,
    });
    return { row, changes: diffJson({}, config), created: true };
  }
  if (existing.store === 'immutable_configs' && !sameJson(existing.config, config))
    throw conflict(configMessages.immutable);
  const changes = diffJson(existing.config, config);
  if (changes.length === 0) return { row: existing, changes, created: false };
  const version = existing.version + 1;
  const row = await trx
    .updateTable('configs')
    .set({ config: JSON.stringify(config), updated_by: actorId(actor), version })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeVersion(trx, tenantId, actor, {
    configId: row.id,
    version,
    action: 'update',
    before: existing.config,
    after: row.config,
    summary: summariseChanges(changes),
  });
  return { row, changes, created: false };
}
