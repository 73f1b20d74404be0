// Constraint overlaps benchmark (issue 13 point 5), run by hand (not a test; see bench/README.md):
//   npm run bench:overlaps -- --driver embedded --sites 20000      (target: 10 layers in < 2 min)
//   npm run bench:overlaps -- --driver postgres --sites 250000     (target: 10 layers in < 5 min)
// Uses the bench council of the other benchmarks (bench/.data/pglite_<N> or the database
// bench_<N>), seeding it when missing. Adds ten synthetic constraint layers (random buffered
// polygons over the council's sites, fixed seed), times the overlap job's work for each, and
// removes the layers again, so the council is left as found.
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type AppDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import {
  computeLayerOverlaps,
  constraintTagName,
  refreshConstraintTags,
} from '../apps/server/src/modules/overlaps/overlaps.service';
import { count, seedBenchCouncil, time } from './common';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'embedded' },
    sites: { type: 'string', default: '20000' },
    layers: { type: 'string', default: '10' },
    features: { type: 'string', default: '2000' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const sites = Number(values.sites);
const layerCount = Number(values.layers);
const featuresPerLayer = Number(values.features);
if (![sites, layerCount, featuresPerLayer].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--sites, --layers and --features take whole numbers above 0');
  process.exit(2);
}

async function open(): Promise<AppDatabase> {
  if (values.driver === 'embedded') {
    const dataDir = path.join(import.meta.dirname, '.data', `pglite_${sites}`);
    console.log(`Embedded database ${dataDir}`);
    return openDatabase({ kind: 'embedded', dataDir });
  }
  const server = values.url.replace(/\/+$/, '');
  const name = `bench_${sites}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  console.log(`PostgreSQL database ${name}${exists ? ' (kept)' : ' (new)'}`);
  return openDatabase({ kind: 'postgres', url: `${server}/${name}` });
}

const database = await open();
const { tenantId, present } = await seedBenchCouncil(database, sites, demoDistrict);
const prefix = 'bench_overlap_';

const layerIds = await withTenant(database.db, tenantId, async (trx) => {
  await trx.deleteFrom('layers').where('layer_name', 'like', `${prefix}%`).execute();
  const { rows } = await sql<{ minx: number; miny: number; maxx: number; maxy: number }>`
    select ST_XMin(e) as minx, ST_YMin(e) as miny, ST_XMax(e) as maxx, ST_YMax(e) as maxy
    from (select ST_Extent(geom)::geometry as e from sites) b`.execute(trx);
  const box = rows[0]!;
  await sql`select setseed(0.42)`.execute(trx);
  const ids: string[] = [];
  for (let i = 0; i < layerCount; i++) {
    const layer = await trx
      .insertInto('layers')
      .values({ tenant_id: tenantId, layer_name: `${prefix}${i}`, title: `Bench constraint ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Constraint-like shapes: buffered points 50 m to 800 m across, some overlapping each other.
    await sql`
      insert into layer_features (tenant_id, layer_id, geom)
      select ${tenantId}, ${layer.id},
        ST_Buffer(ST_SetSRID(ST_MakePoint(${box.minx} + random() * ${box.maxx - box.minx},
          ${box.miny} + random() * ${box.maxy - box.miny}), 27700), 25 + random() * 375, 6)
      from generate_series(1, ${featuresPerLayer})`.execute(trx);
    ids.push(layer.id);
  }
  const { rows: made } = await sql<{ n: number }>`
    select count(*)::int as n from layer_features where layer_id = any(${ids}::uuid[])`.execute(trx);
  console.log(`Made ${count(made[0]?.n ?? 0)} features`);
  return ids;
});
console.log(`${count(present)} sites, ${layerCount} layers of ${count(featuresPerLayer)} features each`);

let total = 0;
let pairs = 0;
for (const [index, layerId] of layerIds.entries()) {
  const [elapsed, rows] = await time(() =>
    withTenant(database.db, tenantId, (trx) => computeLayerOverlaps(trx, tenantId, layerId)),
  );
  total += elapsed;
  pairs += rows;
  console.log(`  layer ${index + 1}: ${count(rows)} overlapping sites in ${(elapsed / 1000).toFixed(2)} s`);
}
const target = values.driver === 'embedded' ? 120 : 300;
console.log(
  `All ${layerCount} layers: ${(total / 1000).toFixed(1)} s for ${count(pairs)} site-layer overlaps ` +
    `(target under ${target} s for ${count(sites)} sites)`,
);

// The layers go, and with them the constraint tags they gave (issue 25 point 6), so the council is
// left as found.
await withTenant(database.db, tenantId, async (trx) => {
  const gone = await trx
    .deleteFrom('layers')
    .where('layer_name', 'like', `${prefix}%`)
    .returning('title')
    .execute();
  const titles = gone.map((layer) => layer.title);
  await refreshConstraintTags(trx, { titles });
  await trx
    .deleteFrom('tags')
    .where('tag_name', 'in', titles.length ? titles.map(constraintTagName) : [''])
    .execute();
});
await database.close();
