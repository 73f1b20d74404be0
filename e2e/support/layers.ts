import { sql, type RawBuilder } from 'kysely';
import type { PNG } from 'pngjs';
import { withTenant } from '../../apps/server/src/db/tenant-transaction';
import type { RunningApp } from './running-app';

type Field = { name: string; type: 'string' | 'number'; label?: string };

/**
 * A geodata layer put straight into a council's tables, drawn as an opaque fill in a colour the
 * test can find in the map's pixels. `features` answers (properties jsonb, geom in EPSG:27700);
 * without it, one feature covers the whole district with `properties`.
 */
export async function seedFillLayer(
  running: RunningApp,
  tenantId: string,
  layer: {
    layerName: string;
    title: string;
    color: string;
    fields: Field[];
    theme?: string;
    values?: { placemaker_description?: string; tags?: string[]; feature_count?: number };
    properties?: Record<string, unknown>;
    features?: RawBuilder<unknown>;
  },
): Promise<string> {
  return withTenant(running.database.db, tenantId, async (trx) => {
    const theme = layer.theme
      ? await trx
          .insertInto('layer_themes')
          .values({ tenant_id: tenantId, name: layer.theme })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    const row = await trx
      .insertInto('layers')
      .values({
        tenant_id: tenantId,
        layer_name: layer.layerName,
        title: layer.title,
        theme_id: theme?.id ?? null,
        ...layer.values,
        style: JSON.stringify({
          type: 'fill',
          paint: { 'fill-color': layer.color, 'fill-opacity': 1 },
          layout: {},
        }),
        fields: JSON.stringify(layer.fields),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const features =
      layer.features ??
      sql`select ${JSON.stringify(layer.properties ?? {})}::jsonb as properties,
            ST_Buffer(ST_Envelope(ST_Collect(geom)), 20000) as geom from sites`;
    await sql`insert into layer_features (tenant_id, layer_id, properties, geom)
      select ${tenantId}, ${row.id}, f.properties, f.geom from (${features}) as f`.execute(trx);
    return row.id;
  });
}

/** The share of a PNG's pixels within `tolerance` of a colour on each channel. */
export function colourShare(png: PNG, [r, g, b]: readonly [number, number, number], tolerance = 30): number {
  let hits = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (
      Math.abs(png.data[i]! - r) < tolerance &&
      Math.abs(png.data[i + 1]! - g) < tolerance &&
      Math.abs(png.data[i + 2]! - b) < tolerance
    )
      hits += 1;
  return hits / (png.width * png.height);
}
