// npm run seed -- --sites N [--tenant NAME]
// Seeds the demo councils, then gives NAME (default "bench-N") N generated sites: 250,000 or
// 1,000,000 for benchmarks. Uses DATABASE_URL when set, else the embedded database in DATA_DIR.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { databaseOptions, openDatabase } from '../db/database';
import { findTenantByName } from '../modules/tenants/tenants.queries';
import { createTenant } from '../modules/tenants/tenants.service';
import { demoDistrict } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { seedDemoTenants } from './demo-tenants';

const { values } = parseArgs({ options: { sites: { type: 'string' }, tenant: { type: 'string' } } });
const count = Number(values.sites ?? 0);
if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
  console.error('--sites takes a whole number from 0 to 5,000,000');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
try {
  if (config.seedDemo) await seedDemoTenants(database.db);
  if (count > 0) {
    const name = values.tenant ?? `bench-${count}`;
    const tenant = (await findTenantByName(database.db, name)) ?? {
      id: await createTenant(database.db, {
        name,
        shortName: name,
        rawName: `Benchmark council (${count} sites)`,
        mainColor: '#505a5f',
      }),
      name,
    };
    const started = performance.now();
    const added = await seedSites(database.db, tenant.id, { ...demoDistrict, name }, count, (done) => {
      if (done % 50_000 === 0 || done === count) console.log(`  ${done.toLocaleString('en-GB')} sites`);
    });
    if (added === 0) console.log(`Council "${name}" already has sites; choose another --tenant.`);
    else
      console.log(
        `Seeded ${added.toLocaleString('en-GB')} sites for "${name}" in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
  }
} finally {
  await database.close();
}
