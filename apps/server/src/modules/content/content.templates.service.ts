import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import {
  configMessages,
  type ConfigTemplate,
  type ConfigType,
  type CreateConfigTemplateBody,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.record';
import type { Trx } from './content.documents.rows';
import {
  actorId,
  findRow,
  inSchemaOrder,
  namesOf,
  requireValid,
  typeLabelOf,
} from './content.documents.rows';

// ---------------------------------------------------------------------------------------------
// Config templates (spec 03 §3.4: name, tenant, feature (the type), created by): a config to start a new one from

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
