import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  configMessages,
  configTypeNames,
  configTypes,
  configVersionActions,
  defaultConfigOf,
  diffJson,
  findConfigLinks,
  resolveConfigLinks,
  summariseChanges,
  TENANT_ASSIGNMENT,
  validateConfig,
  type ConfigChange,
  type ConfigDocumentDetail,
  type ConfigDocumentListItem,
  type ConfigDocumentMeta,
  type ConfigStore,
  type ConfigTemplate,
  type ConfigType,
  type ConfigValidation,
  type ConfigVersion,
  type ConfigVersionAction,
  type ConfigVersionDetail,
  type CreateConfigDocumentBody,
  type CreateConfigTemplateBody,
  type FeatureFlagName,
  type UpdateConfigDocumentBody,
} from '@planning/shared';
import type { ConfigsTable, Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit.record';

/**
 * Config documents (issue 16 point 1; spec 03 §3.1–3.4, §7.2): a council's typed configuration,
 * in one of three tables (the `store`), with its meta, links to other configs resolved before
 * validation, a version for every change (who, when, before and after) and rollback. Every change
 * writes its version and an audit row in the same tenant transaction.
 */

type Trx = Transaction<Database>;
type ConfigRow = Selectable<ConfigsTable>;
/** Who acts: a signed-in request, or (seeding) nobody. */
type Actor = FastifyRequest | AuditActor;

const actorId = (actor: Actor): string | null =>
  'headers' in actor ? (actor.auth?.userId ?? null) : actor.userId;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Display names of the users given (name, else email); a removed account has none. */
async function namesOf(trx: Trx, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name.trim() || row.email]));
}

function toListItem(row: ConfigRow, names: Map<string, string>): ConfigDocumentListItem {
  const type = row.config_type as ConfigType;
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    id: row.id,
    type,
    typeLabel: configTypes[type] ?? row.config_type,
    store: row.store,
    label: row.label,
    tags: row.tags,
    assignment: row.assignment,
    appFeature: row.app_feature as FeatureFlagName | null,
    templateId: row.template_id,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    createdBy: name(row.created_by),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: name(row.updated_by),
    deletedAt: iso(row.deleted_at),
    deletedBy: name(row.deleted_by),
  };
}

async function listItems(trx: Trx, rows: ConfigRow[]): Promise<ConfigDocumentListItem[]> {
  const names = await namesOf(
    trx,
    rows.flatMap((row) => [row.created_by, row.updated_by, row.deleted_by]),
  );
  return rows.map((row) => toListItem(row, names));
}

/** Loads a linked config's document (deleted ones do not exist any more). */
const linkLoader =
  (trx: Trx) =>
  async ({ id, table }: { id: string; table: ConfigStore }): Promise<unknown> => {
    const row = await trx
      .selectFrom('configs')
      .select('config')
      .where('id', '=', id)
      .where('store', '=', table)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.config ?? null;
  };

/**
 * Spec 03 §4 building: links resolved, then the document validated. A link that cannot be
 * resolved makes the document invalid, its message naming why.
 */
export async function buildConfig(
  trx: Trx,
  type: ConfigType,
  document: unknown,
  rootId: string | null,
): Promise<{ resolved: unknown; validation: ConfigValidation; data?: unknown }> {
  const links = await resolveConfigLinks(document, linkLoader(trx), { rootId });
  if (!links.ok)
    return {
      resolved: null,
      validation: {
        valid: false,
        message: links.message,
        issues: [{ path: links.path, message: links.message }],
      },
    };
  const { data, ...validation } = validateConfig(type, links.document);
  return { resolved: links.document, validation, data };
}

/** Builds a document to be saved: 400 'Config is invalid' with its problems when it is not valid. */
async function requireValid(trx: Trx, type: ConfigType, document: unknown, rootId: string | null) {
  const built = await buildConfig(trx, type, document, rootId);
  if (!built.validation.valid) throw badRequest(configMessages.invalid, built.validation.issues);
  // What is stored: the schema's normalised document, unless it holds links (kept as links).
  return findConfigLinks(document).length > 0 ? document : built.data;
}

/** A stored document in its schema's key order when it is valid and has no links (jsonb reorders keys). */
function inSchemaOrder(type: string, document: unknown): unknown {
  if (document === null || !(type in configTypes) || findConfigLinks(document).length > 0) return document;
  const checked = validateConfig(type as ConfigType, document);
  return checked.valid ? checked.data : document;
}

async function detailOf(trx: Trx, row: ConfigRow): Promise<ConfigDocumentDetail> {
  const [item] = await listItems(trx, [row]);
  const built = await buildConfig(trx, row.config_type as ConfigType, row.config, row.id);
  // jsonb keeps keys in its own order: a valid document is given back in its schema's order (the
  // order an editor shows and an admin wrote), one with links as stored.
  const ordered = built.validation.valid ? built.data : undefined;
  const hasLinks = findConfigLinks(row.config).length > 0;
  return {
    ...item!,
    optionalData: row.optional_data,
    config: ordered !== undefined && !hasLinks ? ordered : row.config,
    resolved: ordered ?? built.resolved,
    validation: built.validation,
  };
}

async function findRow(trx: Trx, id: string, forUpdate = false): Promise<ConfigRow> {
  // Only the types this version knows (a row of another type would not fit the answer).
  let query = trx
    .selectFrom('configs')
    .selectAll()
    .where('id', '=', id)
    .where('config_type', 'in', configTypeNames);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(configMessages.notFound);
  return row;
}

const typeLabelOf = (row: { config_type: string }) =>
  configTypes[row.config_type as ConfigType] ?? row.config_type;
const describe = (row: { config_type: string; label: string }) => `${typeLabelOf(row)} config “${row.label}”`;

const changeDetails = (changes: ConfigChange[]) =>
  changes.slice(0, 50).map((change) => ({ path: change.path, kind: change.kind }));

async function writeVersion(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  entry: {
    configId: string;
    version: number;
    action: ConfigVersionAction;
    before: unknown;
    after: unknown;
    summary: string;
  },
) {
  await trx
    .insertInto('config_versions')
    .values({
      tenant_id: tenantId,
      config_id: entry.configId,
      version: entry.version,
      action: entry.action,
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      summary: entry.summary.slice(0, 1000),
      changed_by: actorId(actor),
    })
    .execute();
}

/** A unique-key refusal on the live council document becomes the message an admin can act on. */
async function liveDocumentGuard<T>(type: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(configMessages.liveExists(type as ConfigType));
    throw error;
  }
}

const sameJson = (a: unknown, b: unknown) => diffJson(a, b).length === 0;

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

async function liveTenantDocument(trx: Trx, type: ConfigType) {
  return trx
    .selectFrom('configs')
    .selectAll()
    .where('config_type', '=', type)
    .where('assignment', '=', TENANT_ASSIGNMENT)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

async function insertDocument(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  input: {
    type: ConfigType;
    label: string;
    store: ConfigStore;
    tags: string[];
    assignment: string | null;
    appFeature: string | null;
    optionalData: Record<string, unknown> | null;
    templateId: string | null;
    config: unknown;
  },
): Promise<ConfigRow> {
  const by = actorId(actor);
  const row = await liveDocumentGuard(input.type, () =>
    trx
      .insertInto('configs')
      .values({
        tenant_id: tenantId,
        config_type: input.type,
        label: input.label,
        store: input.store,
        tags: input.tags,
        assignment: input.assignment,
        app_feature: input.appFeature,
        optional_data: input.optionalData === null ? null : JSON.stringify(input.optionalData),
        template_id: input.templateId,
        config: JSON.stringify(input.config),
        created_by: by,
        updated_by: by,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await writeVersion(trx, tenantId, actor, {
    configId: row.id,
    version: 1,
    action: 'create',
    before: null,
    after: row.config,
    summary: 'Created',
  });
  return row;
}

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
// Templates (spec 03 §3.4: name, tenant, feature (the type), created by)

async function toTemplates(
  trx: Trx,
  rows: Array<Selectable<Database['config_templates']>>,
): Promise<ConfigTemplate[]> {
  const names = await namesOf(
    trx,
    rows.map((row) => row.created_by),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.config_type as ConfigType,
    typeLabel: typeLabelOf(row),
    config: inSchemaOrder(row.config_type, row.config),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by ? (names.get(row.created_by) ?? null) : null,
  }));
}

export async function listConfigTemplates(db: Kysely<Database>, tenantId: string, type?: ConfigType) {
  return withTenant(db, tenantId, async (trx) => {
    let select = trx.selectFrom('config_templates').selectAll();
    if (type) select = select.where('config_type', '=', type);
    const rows = await select.orderBy('config_type').orderBy('name').orderBy('id').limit(1000).execute();
    return { items: await toTemplates(trx, rows) };
  });
}

export async function createConfigTemplate(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  body: CreateConfigTemplateBody,
): Promise<ConfigTemplate> {
  return withTenant(db, tenantId, async (trx) => {
    let document = body.config;
    if (document === undefined && body.fromConfigId) {
      const source = await findRow(trx, body.fromConfigId);
      if (source.config_type !== body.type) throw badRequest(configMessages.templateTypeMismatch);
      document = source.config;
    }
    const config = await requireValid(trx, body.type, document, null);
    const row = await trx
      .insertInto('config_templates')
      .values({
        tenant_id: tenantId,
        name: body.name,
        config_type: body.type,
        config: JSON.stringify(config),
        created_by: actorId(request),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, tenantId, request, {
      action: 'config-template.create',
      targetType: 'config-template',
      targetId: row.id,
      summary: `Created ${typeLabelOf(row)} template “${row.name}”`,
      details: { type: row.config_type, fromConfigId: body.fromConfigId ?? null },
    });
    const [template] = await toTemplates(trx, [row]);
    return template!;
  });
}

export async function deleteConfigTemplate(
  db: Kysely<Database>,
  tenantId: string,
  request: FastifyRequest,
  id: string,
) {
  await withTenant(db, tenantId, async (trx) => {
    const row = await trx
      .deleteFrom('config_templates')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(configMessages.templateNotFound);
    await recordAudit(trx, tenantId, request, {
      action: 'config-template.delete',
      targetType: 'config-template',
      targetId: id,
      summary: `Deleted ${typeLabelOf(row)} template “${row.name}”`,
      details: { type: row.config_type },
    });
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
