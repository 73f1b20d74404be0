import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** For tests: a council layer holding the given geometries (EPSG:27700), its id. */
export async function insertTestLayer(
  trx: Transaction<Database>,
  tenantId: string,
  layer: { name: string; title: string; placemakerVisibility?: boolean },
  geometries: ReturnType<typeof sql>[],
): Promise<string> {
  const row = await trx
    .insertInto('layers')
    .values({
      tenant_id: tenantId,
      layer_name: layer.name,
      title: layer.title,
      ...(layer.placemakerVisibility === undefined
        ? {}
        : { placemaker_visibility: layer.placemakerVisibility }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const geometry of geometries)
    await sql`insert into layer_features (tenant_id, layer_id, geom) values (${tenantId}, ${row.id}, ${geometry})`.execute(
      trx,
    );
  return row.id;
}
