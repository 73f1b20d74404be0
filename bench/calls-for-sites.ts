/// <reference lib="dom" />
// The public call-for-sites pages on a phone, run by hand (not a test; see bench/README.md),
// issue 27 point 7: the JavaScript each page loads before the boundary map (budget 300 kB), and
// Lighthouse's mobile profile on the list, a call and a site's page of a draft (performance at
// least 90, accessibility 100).
//   npm run bench:cfs                    JavaScript on each page, 3 loads each
//   npm run bench:cfs -- --lighthouse    and Lighthouse, 3 runs a page
// The real app (production config, the built web app) over an embedded database in
// bench/.data/calls-for-sites (kept between runs): the bench council with the demo layers,
// questionnaire and call, and a resident's draft with one site.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Request } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { seedDemoCall, DEMO_CALL_NAME } from '../apps/server/src/modules/cfs/cfs.seed';
import { seedDemoConfigs } from '../apps/server/src/modules/content/content.seed';
import { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import { seedDemoLayers } from '../apps/server/src/seed/demo-layers';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-users';
import { BENCH_TENANT, seedBenchCouncil, serveWebApp } from './common';
import { runLighthouse } from './lighthouse';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    lighthouse: { type: 'boolean', default: false },
    // Lists each page's scripts before the map, largest first: what to leave out.
    files: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of at least 1');
  process.exit(2);
}

/** Issue 27 point 7: the JavaScript a public page loads before its map, compressed as sent. */
const JS_BUDGET_BYTES = 300_000;
const DEADLINE_MS = 60_000;
/** The map's own chunk, loaded once it nears the screen (BoundaryMap.tsx), with what it needs. */
const MAP_SCRIPT = /BoundaryMapCanvas/;
const root = path.join(import.meta.dirname, '..');
const dataDir = path.join(root, 'bench', '.data', 'calls-for-sites');
const assetsDir = path.join(root, 'apps', 'web', 'dist', 'assets');
const resident = `resident@${BENCH_TENANT}.test`;

const webBuild = (await import(path.join(root, 'scripts', 'web-build.mjs'))) as {
  ensureWebBuild: () => void;
};
webBuild.ensureWebBuild();
const database = await openDatabase({ kind: 'embedded', dataDir });
const { tenantId } = await seedBenchCouncil(database, 300, demoDistrict);
const hasLayers = await withTenant(database.db, tenantId, (trx) =>
  trx.selectFrom('layers').select('id').limit(1).executeTakeFirst(),
);
if (!hasLayers) await seedDemoLayers(database.db, tenantId, demoDistrict);
await seedDemoConfigs(database.db, tenantId, 'demo');
await seedDemoCall(database.db, tenantId);
const callId = await withTenant(database.db, tenantId, async (trx) => {
  const row = await trx
    .selectFrom('consultation_events')
    .select('id')
    .where('name', '=', DEMO_CALL_NAME)
    .executeTakeFirstOrThrow();
  return row.id;
});

const { app, port } = await serveWebApp(database);
const baseUrl = `http://127.0.0.1:${port}`;

/** The resident's draft (made the first time), whose first site's page holds the boundary map. */
async function draftId(): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/firebase-auth/login',
    headers: { 'x-tenant': BENCH_TENANT },
    payload: { email: resident, password: DEMO_PASSWORD },
  });
  const session = login.cookies.find((cookie) => cookie.name === 'planning_session');
  if (login.statusCode !== 200 || !session) throw new Error(`sign-in failed: ${login.statusCode}`);
  const headers = {
    'x-tenant': BENCH_TENANT,
    cookie: `planning_session=${session.value}`,
    'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken,
  };
  const mine = await app.inject({ method: 'GET', url: '/api/v1/public/cfs/submissions', headers });
  const drafts = (mine.json<{ submissions?: { id: string; status: string }[] }>().submissions ?? []).filter(
    (submission) => submission.status === 'draft',
  );
  if (drafts[0]) return drafts[0].id;
  const created = await app.inject({
    method: 'POST',
    url: `/api/v1/public/cfs/calls/${callId}/submissions`,
    headers,
    payload: {},
  });
  if (created.statusCode !== 201) throw new Error(`no draft: ${created.statusCode} ${created.body}`);
  const { id } = created.json<{ id: string }>();
  // One site, named, with no boundary yet: its page is where the map is drawn on.
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/v1/public/cfs/submissions/${id}`,
    headers,
    payload: { sites: [{ name: 'Land east of Bench Lane' }] },
  });
  if (saved.statusCode !== 200) throw new Error(`draft not saved: ${saved.statusCode} ${saved.body}`);
  return id;
}
const draft = await draftId();

type Page = { name: string; path: string; signedIn: boolean; heading: string | RegExp };
const pages: Page[] = [
  { name: 'list of calls', path: '/calls-for-sites', signedIn: false, heading: 'Calls for sites' },
  { name: 'a call', path: `/calls-for-sites/${callId}`, signedIn: false, heading: DEMO_CALL_NAME },
  {
    name: "a draft's site page",
    path: `/calls-for-sites/submissions/${draft}/sites/1`,
    signedIn: true,
    heading: /Land east of Bench Lane/,
  },
];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The bytes of the precompressed .br the build wrote for a served asset (what is sent). */
async function brotliSize(url: string): Promise<number> {
  const file = path.join(assetsDir, path.basename(new URL(url).pathname));
  const br = `${file}.br`;
  return (await stat(existsSync(br) ? br : file)).size;
}

async function signIn(context: BrowserContext) {
  const answer = await context.request.post(`${baseUrl}/api/v1/auth/firebase-auth/login`, {
    headers: { 'x-tenant': BENCH_TENANT },
    data: { email: resident, password: DEMO_PASSWORD },
  });
  if (!answer.ok()) throw new Error(`sign-in failed: ${answer.status()}`);
}

/** A cold load at a phone's size: the scripts before the map, and the map's own. */
async function loadPage(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    await context.addInitScript((name) => window.localStorage.setItem('tenantName', name), BENCH_TENANT);
    if (page.signedIn) await signIn(context);
    const tab = await context.newPage();
    const scripts: Request[] = [];
    // In the order asked for: the map's code is what is asked for from the map's own chunk on.
    tab.on('request', (request) => {
      if (/\.m?js$/.test(new URL(request.url()).pathname)) scripts.push(request);
    });
    await tab.goto(`${baseUrl}${page.path}`);
    await tab
      .getByRole('heading', { level: 1, name: page.heading })
      .first()
      .waitFor({ timeout: DEADLINE_MS });
    await tab.waitForLoadState('networkidle', { timeout: DEADLINE_MS });
    // The map (when the page has one) comes in as it nears the screen.
    const map = tab.locator('.boundary-map');
    if ((await map.count()) > 0) {
      await map.first().scrollIntoViewIfNeeded();
      await tab.locator('.boundary-map [data-ready]').first().waitFor({ timeout: DEADLINE_MS });
    }
    let before = 0;
    let mapJs = 0;
    const files: [string, number][] = [];
    const mapFrom = scripts.findIndex((request) => MAP_SCRIPT.test(request.url()));
    for (const [index, request] of scripts.entries()) {
      const size = await brotliSize(request.url());
      if (mapFrom !== -1 && index >= mapFrom) mapJs += size;
      else {
        before += size;
        files.push([path.basename(new URL(request.url()).pathname), size]);
      }
    }
    if (values.files)
      console.log(
        `${page.name}:\n${files
          .sort((a, b) => b[1] - a[1])
          .map(([name, size]) => `  ${kb(size)} ${name}`)
          .join('\n')}`,
      );
    return { before, mapJs, files: scripts.length };
  } finally {
    await context.close();
  }
}

try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const rows: string[] = [];
  try {
    for (const page of pages) {
      const loads = [];
      for (let run = 0; run < runs; run += 1) loads.push(await loadPage(browser, page));
      const before = Math.max(...loads.map((load) => load.before));
      const mapJs = Math.max(...loads.map((load) => load.mapJs));
      rows.push(
        `| ${page.name} | ${kb(before)} | ${mapJs > 0 ? kb(mapJs) : '—'} | ${before < JS_BUDGET_BYTES ? 'yes' : 'NO'} |`,
      );
    }
  } finally {
    await browser.close();
  }
  console.log(
    [
      '',
      `| page (390×844, cold, brotli as sent; largest of ${runs}) | JS before the map | the map's JS | under ${kb(JS_BUDGET_BYTES)} |`,
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  );
  if (values.lighthouse) {
    const host = `http://app.${BENCH_TENANT}.planning.test:${port}`;
    for (const page of pages)
      await runLighthouse(`${host}${page.path}`, runs, {
        label: page.name,
        accessibility: true,
        prepare: page.signedIn
          ? async (tab) => {
              const status = await tab.evaluate(
                async ({ email, password, council }) =>
                  (
                    await fetch('/api/v1/auth/firebase-auth/login', {
                      method: 'POST',
                      headers: { 'content-type': 'application/json', 'x-tenant': council },
                      body: JSON.stringify({ email, password }),
                    })
                  ).status,
                { email: resident, password: DEMO_PASSWORD, council: BENCH_TENANT },
              );
              if (status !== 200) throw new Error(`sign-in failed: ${status}`);
            }
          : undefined,
      });
  }
} finally {
  await app.close();
  await database.close();
}
process.exit(0);
