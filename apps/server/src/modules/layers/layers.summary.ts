import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Recounts a layer's features and its extent (EPSG:27700 box) after its features changed. */
export async function refreshLayerSummary(trx: Transaction<Database>, layerId: string): Promise<void> {
  await sql`
    update layers set
      feature_count = (select count(*) from layer_features where layer_id = ${layerId}),
      extent = (select ST_MakeEnvelope(ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b), 27700)
                from (select ST_Extent(geom) as b from layer_features where layer_id = ${layerId}) e)
    where id = ${layerId}`.execute(trx);
}
