/// <reference lib="dom" />
// What a public document page weighs and how fast it paints, run by hand (not a test; see
// bench/README.md):
//   npm run bench:document                  5 timed loads after one warm-up
//   npm run bench:document -- --runs 9
//   npm run bench:document -- --network 20/40   20 Mbit/s each way, 40 ms round trips
//   npm run bench:document -- --serve       set up, then serve the page until stopped (profiling)
//   npm run bench:lighthouse                Lighthouse's mobile profile (simulated mid-range phone,
//                                           slow 4G) on the same page, 3 runs: scores and metrics
// The real app (production config, the built web app) over an embedded database in
// bench/.data/public-document (kept between runs), holding the bench council with a few hundred
// sites and a published document of 50 sections (sub-sections, text, charts, tables, a map block
// and questions). Each load is signed out, in headless Chromium with the cache disabled.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Request } from 'playwright-core';
import { documentConfigSchema, type DocumentConfig } from '../packages/shared/src';
import { openDatabase } from '../apps/server/src/db/database';
import { withTenant } from '../apps/server/src/db/tenant-transaction';
import { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import { BENCH_TENANT, seedBenchCouncil, serveWebApp } from './common';
import { runLighthouse } from './lighthouse';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    network: { type: 'string' },
    lighthouse: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of at least 1');
  process.exit(2);
}
const network = values.network?.match(/^(\d+(?:\.\d+)?)\/(\d+)$/);
if (values.network && !network) {
  console.error('--network takes MBIT/MS, e.g. 20/40');
  process.exit(2);
}

const SITES = 300;
const SECTIONS = 50;
const TITLE = `Bench Local Plan (${SECTIONS} sections)`;
/** Issue 14's budget: the JavaScript a public document page loads, gzip, and its LCP. */
const JS_BUDGET_BYTES = 300_000;
const LCP_TARGET_MS = 2_500;
const DEADLINE_MS = 60_000;
const root = path.join(import.meta.dirname, '..');
const dataDir = path.join(root, 'bench', '.data', 'public-document');
const assetsDir = path.join(root, 'apps', 'web', 'dist', 'assets');

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const words =
  'The plan sets out where new homes, jobs and infrastructure should go over the next fifteen years, ' +
  'and how the council will protect the green belt, heritage assets and the character of its villages.';

/** A long Local Plan: every section has a sub-section and text; charts, tables, a map and questions. */
function benchConfig(siteIds: string[]): DocumentConfig {
  const entities: Record<string, unknown> = {
    root: { id: 'root', type: 'section', title: TITLE, childSectionIds: ['hero', 'toc'] },
    hero: { id: 'hero', type: 'hero', title: TITLE, subtitle: 'Have your say on the plan for the district' },
    toc: { id: 'toc', type: 'tableOfContents', title: 'Contents' },
  };
  const rootChildren = (entities['root'] as { childSectionIds: string[] }).childSectionIds;
  for (let n = 1; n <= SECTIONS; n += 1) {
    const id = `s${n}`;
    const children = [`${id}-text`, `${id}-sub`];
    entities[`${id}-text`] = {
      id: `${id}-text`,
      type: 'textBlock',
      content: { type: 'doc', content: [paragraph(`${n}. ${words}`), paragraph(words), paragraph(words)] },
    };
    entities[`${id}-sub`] = {
      id: `${id}-sub`,
      type: 'subSection',
      title: `Policy ${n}.1`,
      childSectionIds: [`${id}-sub-text`],
    };
    entities[`${id}-sub-text`] = {
      id: `${id}-sub-text`,
      type: 'textBlock',
      content: { type: 'doc', content: [paragraph(words), paragraph(words)] },
    };
    if (n % 5 === 0) {
      children.push(`${id}-chart`);
      entities[`${id}-chart`] = {
        id: `${id}-chart`,
        type: 'chart',
        chartName: `Homes by area, section ${n}`,
        chartType: n % 15 === 0 ? 'line' : n % 10 === 0 ? 'pie' : 'column',
        chartData: ['North', 'South', 'East', 'West'].map((label, i) => ({
          label,
          value: 300 * (i + 1) + n,
        })),
        columns: ['Homes'],
      };
    }
    if (n % 7 === 0) {
      children.push(`${id}-table`);
      entities[`${id}-table`] = {
        id: `${id}-table`,
        type: 'table',
        caption: `Allocations in section ${n}`,
        header: ['Site', 'Homes', 'Phase'],
        rows: Array.from({ length: 8 }, (_, i) => [
          `Site ${n}.${i + 1}`,
          String(20 * (i + 1)),
          `Phase ${(i % 3) + 1}`,
        ]),
      };
    }
    if (n === 30) {
      children.push('map');
      entities['map'] = {
        id: 'map',
        type: 'map',
        caption: 'Proposed allocations',
        sites: { ids: siteIds.slice(0, 40) },
        siteDetailsDropdown: true,
        siteInfo: [
          { type: 'field', title: 'Site name', columnName: 'site_name' },
          { type: 'field', title: 'Size (ha)', columnName: 'size_ha' },
        ],
      };
    }
    if (n > SECTIONS - 4) {
      children.push(`${id}-question`);
      entities[`${id}-question`] = {
        id: `${id}-question`,
        type: 'question',
        question: {
          id: `q${n}`,
          title: `Do you support policy ${n}?`,
          type: 'radioQuestion',
          options: [{ title: 'Yes' }, { title: 'No' }, { title: 'Not sure' }],
        },
      };
    }
    entities[id] = { id, type: 'section', title: `Section ${n}`, childSectionIds: children };
    rootChildren.push(id);
  }
  return documentConfigSchema.parse({ root: 'root', heroSection: 'hero', entities });
}

type Load = {
  jsGzip: number;
  jsTransferred: number;
  /** Each file the first load ran, with its gzip size, largest first. */
  jsFiles: [string, number][];
  lcpMs: number;
  mapJsGzip: number;
};

/** The bytes of the precompressed .gz the build wrote for a served asset (what gzip would send). */
async function gzipSize(url: string): Promise<number> {
  const file = path.join(assetsDir, path.basename(new URL(url).pathname));
  const gz = `${file}.gz`;
  return (await stat(existsSync(gz) ? gz : file)).size;
}

async function loadPage(browser: Browser, baseUrl: string, documentId: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((name) => window.localStorage.setItem('tenantName', name), BENCH_TENANT);
    await context.addInitScript(() => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) (window as Window & { lcpMs?: number }).lcpMs = last.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: Number(network[2]),
        downloadThroughput: (Number(network[1]) * 1_000_000) / 8,
        uploadThroughput: (Number(network[1]) * 1_000_000) / 8,
      });
    const scripts: Request[] = [];
    page.on('requestfinished', (request) => {
      if (/\.m?js$/.test(new URL(request.url()).pathname)) scripts.push(request);
    });
    await page.goto(`${baseUrl}/p/document/${documentId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: DEADLINE_MS });
    await page.waitForLoadState('networkidle', { timeout: DEADLINE_MS });
    const lcpMs = await page.evaluate(() => (window as Window & { lcpMs?: number }).lcpMs ?? -1);
    const first = [...scripts];
    let jsTransferred = 0;
    for (const request of first) jsTransferred += (await request.sizes()).responseBodySize;
    const jsFiles = await Promise.all(
      first.map(async (request): Promise<[string, number]> => [
        path.basename(new URL(request.url()).pathname),
        await gzipSize(request.url()),
      ]),
    );
    jsFiles.sort((a, b) => b[1] - a[1]);
    const jsGzip = jsFiles.reduce((sum, [, size]) => sum + size, 0);
    // Then the map block, scrolled to: MapLibre arrives only now.
    await page.locator('.document-map-block').first().scrollIntoViewIfNeeded();
    await page.locator('.document-map__frame[data-ready]').first().waitFor({ timeout: DEADLINE_MS });
    await page.waitForLoadState('networkidle', { timeout: DEADLINE_MS });
    const later = scripts.slice(first.length);
    const mapJsGzip = (await Promise.all(later.map((request) => gzipSize(request.url())))).reduce(
      (a, b) => a + b,
      0,
    );
    return {
      jsGzip,
      jsTransferred,
      jsFiles,
      lcpMs,
      mapJsGzip,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor((samples.length - 1) / 2)]!;

const loadBefore = os.loadavg();
// The web app as `npm start` builds it (a plain .mjs script: imported untyped).
const webBuild = (await import(path.join(root, 'scripts', 'web-build.mjs'))) as {
  ensureWebBuild: () => void;
};
webBuild.ensureWebBuild();
const database = await openDatabase({ kind: 'embedded', dataDir });
const { tenantId } = await seedBenchCouncil(database, SITES, demoDistrict);
const documentId = await withTenant(database.db, tenantId, async (trx) => {
  const siteIds = (await trx.selectFrom('sites').select('id').orderBy('id').limit(40).execute()).map((row) =>
    String(row.id),
  );
  const config = JSON.stringify(benchConfig(siteIds));
  const existing = await trx
    .selectFrom('documents')
    .select('id')
    .where('title', '=', TITLE)
    .executeTakeFirst();
  if (existing) {
    await trx.updateTable('documents').set({ config }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const row = await trx
    .insertInto('documents')
    .values({
      tenant_id: tenantId,
      title: TITLE,
      config,
      author_id: null,
      author_name: 'Bench',
      is_published: true,
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
});
const { app, port } = await serveWebApp(database);
const baseUrl = `http://127.0.0.1:${port}`;
/** A host whose name gives the bench council (the default TENANT_HOST_PATTERN's second label). */
const COUNCIL_HOST = `app.${BENCH_TENANT}.planning.test`;
if (values.serve) {
  // Set up and keep serving, to profile the page by hand (a Chrome trace); Ctrl-C stops.
  console.log(`serving http://${COUNCIL_HOST}:${port}/p/document/${documentId} (map the host to 127.0.0.1)`);
  await new Promise(() => undefined);
}
if (values.lighthouse) {
  try {
    // On the council's own host name, as residents reach it (the browser maps it to this machine):
    // the host names the council, so the server can draw the page's first screen (issue 25).
    await runLighthouse(
      `http://${COUNCIL_HOST}:${port}/p/document/${documentId}`,
      values.runs === '5' ? 3 : runs,
    );
  } finally {
    await app.close();
    await database.close();
  }
  process.exit(0);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  console.log(
    `\n/p/document/{id}, ${SECTIONS} sections, signed out, cache disabled; 1 warm-up + ${runs} runs:`,
  );
  await loadPage(browser, baseUrl, documentId);
  const loads: Load[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const load = await loadPage(browser, baseUrl, documentId);
    loads.push(load);
    console.log(
      `  run ${run}: JS ${kb(load.jsGzip)} gzip (${kb(load.jsTransferred)} sent, ${load.jsFiles.length} files), ` +
        `LCP ${seconds(load.lcpMs)}, map block then ${kb(load.mapJsGzip)} more`,
    );
  }
  const js = median(loads.map((load) => load.jsGzip));
  const lcp = median(loads.map((load) => load.lcpMs));
  console.log(
    [
      '',
      '| public document page | median | target |',
      '| --- | --- | --- |',
      `| JS loaded (gzip) | ${kb(js)} | < ${kb(JS_BUDGET_BYTES)} ${js < JS_BUDGET_BYTES ? '✓' : '✗'} |`,
      `| JS as sent (brotli) | ${kb(median(loads.map((load) => load.jsTransferred)))} | |`,
      `| largest contentful paint | ${seconds(lcp)} | < ${seconds(LCP_TARGET_MS)} ${lcp < LCP_TARGET_MS ? '✓' : '✗'} |`,
      `| JS once the map is scrolled to (gzip, MapLibre) | +${kb(median(loads.map((load) => load.mapJsGzip)))} | only then |`,
      '',
      `- the largest files (gzip): ${loads[0]!.jsFiles
        .slice(0, 12)
        .map(([name, size]) => `${name} ${kb(size)}`)
        .join(', ')}`,
      `- network: ${network ? `emulated, ${network[1]} Mbit/s each way, ${network[2]} ms latency` : 'loopback, no emulation'}`,
      `- load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(
          ' ',
        )}; ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? '?'}; Node ${process.version}; ${browser.version()}`,
    ].join('\n'),
  );
} finally {
  await browser.close();
  await app.close();
  await database.close();
}
