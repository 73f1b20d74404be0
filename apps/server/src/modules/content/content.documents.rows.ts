import type { FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import {
  configMessages,
  configTypeNames,
  configTypes,
  diffJson,
  findConfigLinks,
  resolveConfigLinks,
  TENANT_ASSIGNMENT,
  validateConfig,
  type ConfigChange,
  type ConfigDocumentDetail,
  type ConfigDocumentListItem,
  type ConfigStore,
  type ConfigType,
  type ConfigValidation,
  type ConfigVersionAction,
  type FeatureFlagName,
} from '@planning/shared';
import type { ConfigsTable, Database } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { type AuditActor } from '../audit/audit.record';

/** The rows, names and versions the config document services share (content.documents.service.ts, content.templates.service.ts). */

export type Trx = Transaction<Database>;
export type ConfigRow = Selectable<ConfigsTable>;
/** Who acts: a signed-in request, or (seeding) nobody. */
export type Actor = FastifyRequest | AuditActor;

export const actorId = (actor: Actor): string | null =>
  'headers' in actor ? (actor.auth?.userId ?? null) : actor.userId;

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Display names of the users given (name, else email); a removed account has none. */
export async function namesOf(trx: Trx, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name.trim() || row.email]));
}

export function toListItem(row: ConfigRow, names: Map<string, string>): ConfigDocumentListItem {
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

export async function listItems(trx: Trx, rows: ConfigRow[]): Promise<ConfigDocumentListItem[]> {
  const names = await namesOf(
    trx,
    rows.flatMap((row) => [row.created_by, row.updated_by, row.deleted_by]),
  );
  return rows.map((row) => toListItem(row, names));
}

/** Loads a linked config's document (deleted ones do not exist any more). */
export const linkLoader =
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
export async function requireValid(trx: Trx, type: ConfigType, document: unknown, rootId: string | null) {
  const built = await buildConfig(trx, type, document, rootId);
  if (!built.validation.valid) throw badRequest(configMessages.invalid, built.validation.issues);
  // What is stored: the schema's normalised document, unless it holds links (kept as links).
  return findConfigLinks(document).length > 0 ? document : built.data;
}

/** A stored document in its schema's key order when it is valid and has no links (jsonb reorders keys). */
export function inSchemaOrder(type: string, document: unknown): unknown {
  if (document === null || !(type in configTypes) || findConfigLinks(document).length > 0) return document;
  const checked = validateConfig(type as ConfigType, document);
  return checked.valid ? checked.data : document;
}

export async function detailOf(trx: Trx, row: ConfigRow): Promise<ConfigDocumentDetail> {
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

export async function findRow(trx: Trx, id: string, forUpdate = false): Promise<ConfigRow> {
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

export const typeLabelOf = (row: { config_type: string }) =>
  configTypes[row.config_type as ConfigType] ?? row.config_type;
export const describe = (row: { config_type: string; label: string }) =>
  `${typeLabelOf(row)} config “${row.label}”`;

export const changeDetails = (changes: ConfigChange[]) =>
  changes.slice(0, 50).map((change) => ({ path: change.path, kind: change.kind }));

export async function writeVersion(
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
export async function liveDocumentGuard<T>(type: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(configMessages.liveExists(type as ConfigType));
    throw error;
  }
}

export const sameJson = (a: unknown, b: unknown) => diffJson(a, b).length === 0;

export async function liveTenantDocument(trx: Trx, type: ConfigType) {
  return trx
    .selectFrom('configs')
    .selectAll()
    .where('config_type', '=', type)
    .where('assignment', '=', TENANT_ASSIGNMENT)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertDocument(
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
