import type { Kysely } from 'kysely';
import { configMessages, configSchemas, configTypes, type ConfigType } from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { HttpError } from '../../lib/errors';

/** The council's current configuration document of a type, checked against its schema. */
export async function getConfig(db: Kysely<Database>, tenantId: string, type: ConfigType) {
  const row = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('configs')
      .select(['id', 'label', 'config', 'updated_at'])
      .where('config_type', '=', type)
      .executeTakeFirst(),
  );
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
