// What the by-hand benchmarks share: timing and percentiles, the bench council and its sites, and
// the real app signed in as the council's admin.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import type { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import { seedConfig } from '../apps/server/src/modules/content/content.service';
import { defaultSiteFeaturesConfig } from '../apps/server/src/modules/content/content.defaults';
import { seedSites } from '../apps/server/src/modules/sites/sites.seed';
import { findTenantByName } from '../apps/server/src/modules/tenants/tenants.queries';
import { createTenant } from '../apps/server/src/modules/tenants/tenants.service';
import { DEMO_PASSWORD, seedDemoUsers } from '../apps/server/src/seed/demo-users';

export const BENCH_TENANT = 'bench';

export async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

/** Median and 95th percentile by nearest rank (30 runs: the 29th slowest is the p95). */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
  return { median: rank(0.5), p95: rank(0.95) };
}
export const ms = (n: number) => n.toFixed(1);
export const count = (n: number) => n.toLocaleString('en-GB');

/**
 * The bench council with `sites` generated sites in `district` (the same functions as
 * `npm run seed`), adding only what is missing. Warns when a kept database holds another count.
 */
export async function seedBenchCouncil(
  database: AppDatabase,
  sites: number,
  district: typeof demoDistrict,
): Promise<{ tenantId: string; seedSeconds: number | null; present: number }> {
  const tenantId =
    (await findTenantByName(database.db, BENCH_TENANT))?.id ??
    (await createTenant(database.db, {
      name: BENCH_TENANT,
      shortName: 'Bench',
      rawName: `Benchmark council (${count(sites)} sites)`,
      mainColor: '#505a5f',
    }));
  await seedDemoUsers(database.db, { id: tenantId, name: BENCH_TENANT });
  // The site page reads the council's Site features config, as each demo council has it.
  await seedConfig(database.db, tenantId, 'site-features', defaultSiteFeaturesConfig);
  const [seedMs, added] = await time(() =>
    seedSites(database.db, tenantId, district, sites, (done) => {
      if (done % 100_000 === 0 || done === sites) console.log(`  seeded ${count(done)}`);
    }),
  );
  const seedSeconds = added > 0 ? seedMs / 1000 : null;
  if (seedSeconds !== null) console.log(`Seeded ${count(added)} sites in ${seedSeconds.toFixed(1)} s`);
  const present = await withTenant(database.db, tenantId, async (trx) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from sites where scenario_name = 'Base' and not is_deleted`.execute(trx);
    return rows[0]!.n;
  });
  if (added === 0) console.log(`Council "${BENCH_TENANT}" already has ${count(present)} sites`);
  if (present !== sites) {
    console.warn(`Warning: ${count(present)} sites instead of ${count(sites)}; run without --keep`);
  }
  return { tenantId, seedSeconds, present };
}

export type BenchApp = {
  app: FastifyInstance;
  /** The council, the admin's session cookie and its CSRF token: enough for any call. */
  headers: Record<string, string>;
  close: () => Promise<void>;
};

/** The real app (production config, no web files) over `database`, signed in as admin@bench.test. */
export async function startBenchApp(
  database: AppDatabase,
  env: Record<string, string> = {},
): Promise<BenchApp> {
  const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'planning-bench-outbox-'));
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      APP_URL_TEMPLATE: 'http://{tenant}.planning.test',
      ALLOW_UNSCANNED_UPLOADS: 'true',
      WEB_DIST_DIR: '/nonexistent',
      MAIL_OUTBOX_DIR: outboxDir,
      ...env,
    }),
    database,
    logger: false,
  });
  const close = async () => {
    await app.close();
    await rm(outboxDir, { recursive: true, force: true });
  };
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/firebase-auth/login',
      headers: { 'x-tenant': BENCH_TENANT },
      payload: { email: `admin@${BENCH_TENANT}.test`, password: DEMO_PASSWORD },
    });
    const session = login.cookies.find((cookie) => cookie.name === 'planning_session');
    if (login.statusCode !== 200 || !session) {
      throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    }
    const { csrfToken } = login.json<{ csrfToken: string }>();
    const headers = {
      'x-tenant': BENCH_TENANT,
      cookie: `planning_session=${session.value}`,
      'x-csrf-token': csrfToken,
    };
    return { app, headers, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The real app with the built web app (production config) over `database`, listening on a free
 * port of this machine: what a browser bench (public pages, Lighthouse) loads.
 */
export async function serveWebApp(database: AppDatabase): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      APP_URL_TEMPLATE: 'http://{tenant}.planning.test',
      ALLOW_UNSCANNED_UPLOADS: 'true',
      WEB_DIST_DIR: path.join(import.meta.dirname, '..', 'apps', 'web', 'dist'),
      LOG_LEVEL: 'warn',
    }),
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app has no port');
  return { app, port: address.port };
}
