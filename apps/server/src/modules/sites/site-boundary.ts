import { sql, type Transaction } from 'kysely';
import { siteMessages } from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest } from '../../lib/errors';

type Trx = Transaction<Database>;

/**
 * A shape (WGS84 GeoJSON) as a British National Grid multipolygon (hex EWKB), refused when empty
 * ('Modified polygon does not contain geometries') or self-intersecting (spec 01 §5's message).
 * A point becomes a 10 m circle where allowed. Also what a call for sites submitter's boundary
 * passes (issue 27: the staff drawing's rules).
 */
export async function boundaryFromShape(
  trx: Trx,
  shape: { type: string; coordinates: unknown[] } | null,
  options: { allowPoint: boolean; path?: string },
): Promise<string> {
  if (!shape || shape.coordinates.length === 0 || (shape.type === 'Point' && !options.allowPoint)) {
    throw badRequest(
      siteMessages.polygonEmpty,
      options.path ? [{ path: options.path, message: siteMessages.polygonEmpty }] : undefined,
    );
  }
  const geojson = JSON.stringify(shape);
  const { rows } = await sql<{ empty: boolean; valid: boolean; ewkb: string | null }>`
    select ST_IsEmpty(g) as empty, ST_IsValid(g) as valid,
      case when ST_IsValid(g) and not ST_IsEmpty(g) then encode(ST_AsEWKB(
        case when GeometryType(g) = 'POINT' then ST_Multi(ST_Buffer(ST_Transform(g, 27700), 10, 8))
             else ST_Multi(ST_Transform(g, 27700)) end), 'hex') end as ewkb
    from (select ST_SetSRID(ST_GeomFromGeoJSON(${geojson}), 4326) as g) as drawn`
    .execute(trx)
    .catch(() => ({ rows: [{ empty: true, valid: false, ewkb: null }] }));
  const drawn = rows[0]!;
  if (drawn.empty)
    throw badRequest(
      siteMessages.polygonEmpty,
      options.path ? [{ path: options.path, message: siteMessages.polygonEmpty }] : undefined,
    );
  if (!drawn.valid || !drawn.ewkb) {
    throw badRequest(siteMessages.selfIntersection, [
      { path: options.path ?? 'geometry', message: siteMessages.selfIntersection },
    ]);
  }
  return drawn.ewkb;
}
