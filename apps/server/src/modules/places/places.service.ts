import { sql, type Transaction } from 'kysely';
import {
  formatPostcode,
  PLACE_SEARCH_LIMITS,
  parsePostcodeQuery,
  placeKey,
  placeSearchMessages as M,
  type Place,
  type PostcodeQuery,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { gbTowns, matchTowns, type MatchClass, type TownMatch } from './places.gazetteer';

type Trx = Transaction<Database>;
type Bbox = [number, number, number, number];

/** Towns beyond the district's outline still found, for a site on its edge (metres). */
const NEAR_DISTRICT_M = 5_000;
/** With no district outline, the towns around the council's place on the map (metres). */
const NEAR_HOME_M = 30_000;
/** Name matches looked at before the council's area picks among them. */
const TOWN_CANDIDATES = 300;

/** A candidate with what orders it: its source first, then how well it matches. */
type Ranked = { place: Place; source: number; match: MatchClass; inside: boolean; similarity: number };

/**
 * Issue 27 point 2: the places a query names, for the call-for-sites map (at most 8). A postcode,
 * or the start of one ('ME19', 'ME19 4', 'ME19 4AB'), is looked up in the council's postcode
 * layers; a name among the towns and villages in and around the council's district and in the
 * council's named layers. Best first: postcodes, then the same name, a name starting so, a word
 * starting so, a name alike; towns in the district before those near it.
 */
export async function searchPlaces(trx: Trx, tenantId: string, query: string): Promise<Place[]> {
  const key = placeKey(query);
  const postcode = parsePostcodeQuery(query);
  const ranked: Ranked[] = [
    ...(postcode ? await postcodePlaces(trx, postcode) : []),
    ...(await townPlaces(trx, tenantId, matchTowns(await gbTowns(), query).slice(0, TOWN_CANDIDATES))),
    ...(await featurePlaces(trx, key)),
  ];
  return ranked
    .sort(
      (a, b) =>
        a.source - b.source ||
        a.match - b.match ||
        Number(b.inside) - Number(a.inside) ||
        b.similarity - a.similarity,
    )
    .slice(0, PLACE_SEARCH_LIMITS.maxResults)
    .map((entry) => entry.place);
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const centerOf = (lon: number, lat: number): [number, number] => [round(lon), round(lat)];
/** A box with no width and no height (a point) is no box: the map zooms to the centre instead. */
const boxOf = (bbox: number[] | null): Bbox | undefined =>
  bbox && bbox.length === 4 && (bbox[0] !== bbox[2] || bbox[1] !== bbox[3])
    ? (bbox.map(round) as Bbox)
    : undefined;

// WGS84 west, south, east, north of a 27700 geometry, and its centre on the surface.
const bboxSql = (geom: ReturnType<typeof sql>) =>
  sql<number[] | null>`(select array[ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b)]
    from ST_Transform(ST_Envelope(${geom}), 4326) as b)`;

/**
 * The towns matched by name, kept when they lie in the council's district or within 5 km of it
 * (without a district outline: within 30 km of the council's place on the map; without either,
 * anywhere in the United Kingdom). PostGIS tells in from near.
 */
async function townPlaces(trx: Trx, tenantId: string, matches: TownMatch[]): Promise<Ranked[]> {
  if (matches.length === 0) return [];
  const { rows } = await sql<{ i: number; inside: boolean; area: string | null }>`
    with area as (
      select ST_Union(geom) as geom, min(name) as name from boundaries where kind = 'district'
    ), home as (
      select ST_Transform(location_lon_lat, 27700) as geom from tenants where id = ${tenantId}
    ), candidates as (
      select c.i, ST_Transform(ST_SetSRID(ST_MakePoint(c.lon, c.lat), 4326), 27700) as geom
      from unnest(${matches.map((_, i) => i)}::int[], ${matches.map((m) => m.town.lon)}::float8[],
        ${matches.map((m) => m.town.lat)}::float8[]) as c(i, lon, lat)
    )
    select c.i, coalesce(ST_Intersects(area.geom, c.geom), false) as inside, area.name as area
    from candidates c cross join area left join home on true
    where case
      when area.geom is not null then ST_DWithin(area.geom, c.geom, ${NEAR_DISTRICT_M})
      when home.geom is not null then ST_DWithin(home.geom, c.geom, ${NEAR_HOME_M})
      else true end`.execute(trx);
  return rows.map((row) => {
    const { town, match, similarity } = matches[row.i]!;
    const where = row.area ? ` ${row.inside ? 'in' : 'near'} ${row.area}` : '';
    return {
      place: {
        name: town.name,
        kind: 'town',
        description: `${M.kinds.town}${where}`,
        center: centerOf(town.lon, town.lat),
      },
      source: 1,
      match,
      inside: row.inside,
      similarity,
    };
  });
}

/**
 * Features of the council's named layers (migration 0050): by word prefix (full text) or alike
 * (trigram), one place per name in a layer (a designation cut in pieces is one place).
 */
async function featurePlaces(trx: Trx, key: string): Promise<Ranked[]> {
  const { rows } = await sql<{
    name: string;
    layer: string;
    match: MatchClass;
    similarity: number;
    lon: number;
    lat: number;
    bbox: number[] | null;
  }>`
    with q as (
      select ${key}::text as key,
        to_tsquery('simple', array_to_string(
          array(select quote_literal(w) || ':*' from unnest(string_to_array(${key}::text, ' ')) as w where w <> ''),
          ' & ')) as words
    ), found as (
      select l.id as layer_id, l.title as layer, f.place_name as name, f.place_key,
        ST_Collect(f.geom) as geom,
        (array_agg(ST_PointOnSurface(f.geom) order by ST_Area(f.geom) desc, f.id))[1] as point
      from layer_features f join layers l on l.id = f.layer_id, q
      where l.place_kind = 'name' and f.place_key is not null
        and (to_tsvector('simple', f.place_key) @@ q.words or f.place_key % q.key)
      group by l.id, l.title, f.place_name, f.place_key
    ), ranked as (
      select found.*,
        case when place_key = q.key then 0 when starts_with(place_key, q.key) then 1
          when to_tsvector('simple', place_key) @@ q.words then 2 else 3 end as match,
        similarity(place_key, q.key) as similarity
      from found, q
    )
    select name, layer, match, similarity::float8 as similarity,
      ST_X(c) as lon, ST_Y(c) as lat, ${bboxSql(sql`geom`)} as bbox
    from ranked, ST_Transform(point, 4326) as c
    order by match, similarity desc, name, layer_id
    limit ${PLACE_SEARCH_LIMITS.maxResults}::int`.execute(trx);
  return rows.map((row) => ({
    place: {
      name: row.name,
      kind: 'feature',
      description: row.layer,
      center: centerOf(row.lon, row.lat),
      ...withBox(row.bbox),
    },
    source: 2,
    match: row.match,
    inside: true,
    similarity: row.similarity,
  }));
}

const withBox = (bbox: number[] | null) => {
  const box = boxOf(bbox);
  return box ? { bbox: box } : {};
};

/**
 * Postcodes of the council's postcode layers starting with what was typed: the postcode itself,
 * or the district ('ME19') or sector ('ME19 4') as one place, a sector with its first postcodes.
 * Every key is the outward code and 3 characters, so ME1's postcodes are not ME19's.
 */
async function postcodePlaces(trx: Trx, postcode: PostcodeQuery): Promise<Ranked[]> {
  const matching = sql`
    select f.place_key, min(l.title) as layer, ST_Collect(f.geom) as geom,
      ST_Centroid(ST_Collect(ST_PointOnSurface(f.geom))) as point
    from layer_features f join layers l on l.id = f.layer_id
    where l.place_kind = 'postcode' and f.place_key like ${`${postcode.prefix}%`}
      and length(f.place_key) = ${postcode.keyLength}::int
    group by f.place_key`;
  const ranked: Ranked[] = [];
  if (postcode.level === 'district' || postcode.level === 'sector') {
    const { rows } = await sql<{
      count: number;
      lon: number | null;
      lat: number | null;
      bbox: number[] | null;
    }>`
      with m as (${matching}), a as (
        select count(*)::int as count, ST_Collect(geom) as geom, ST_Centroid(ST_Collect(point)) as point from m
      )
      select count, ST_X(c) as lon, ST_Y(c) as lat, ${bboxSql(sql`geom`)} as bbox
      from a, ST_Transform(point, 4326) as c`.execute(trx);
    const area = rows[0];
    if (area && area.count > 0 && area.lon !== null && area.lat !== null)
      ranked.push({
        place: {
          name: postcode.label,
          kind: 'postcode',
          description: `Postcode ${postcode.level}, ${area.count === 1 ? '1 postcode' : `${area.count} postcodes`}`,
          center: centerOf(area.lon, area.lat),
          ...withBox(area.bbox),
        },
        source: 0,
        match: 0,
        inside: true,
        similarity: 1,
      });
    if (postcode.level === 'district') return ranked;
  }
  const { rows } = await sql<{ key: string; layer: string; lon: number; lat: number; bbox: number[] | null }>`
    with m as (${matching})
    select place_key as key, layer, ST_X(c) as lon, ST_Y(c) as lat, ${bboxSql(sql`geom`)} as bbox
    from m, ST_Transform(point, 4326) as c
    order by place_key
    limit ${PLACE_SEARCH_LIMITS.maxResults}::int`.execute(trx);
  for (const row of rows)
    ranked.push({
      place: {
        name: formatPostcode(row.key),
        kind: 'postcode',
        description: row.layer,
        center: centerOf(row.lon, row.lat),
        ...withBox(row.bbox),
      },
      source: 0,
      match: 1,
      inside: true,
      similarity: 1,
    });
  return ranked;
}
