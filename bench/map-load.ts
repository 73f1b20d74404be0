/// <reference lib="dom" />
// How fast /map shows its sites, run by hand (not a test; see bench/README.md):
//   npm run bench:map                  5 timed loads of /map after one warm-up
//   npm run bench:map -- --runs 9
//   npm run bench:map -- --reseed      seed the demo data folder again (after a migration, say)
//   npm run bench:map -- --root ../old  measure another checkout (a git worktree of an older commit)
//   npm run bench:map -- --files       also list what /map loads, largest first
//   npm run bench:map -- --trace t.json  a Chrome trace (CPU samples too) of the last load
// The real app as `npm start` runs it (web build if needed, then the server), on a copy of a data
// folder seeded once, in headless Chromium with the cache disabled.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Request } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-users';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    reseed: { type: 'boolean', default: false },
    root: { type: 'string' },
    // A council office's line rather than loopback: Chromium's network emulation, e.g.
    // --network 20/40 for 20 Mbit/s down (and up) with 40 ms round trips.
    network: { type: 'string' },
    // Lists the last load's requests by size: what to split, merge or leave out.
    files: { type: 'boolean', default: false },
    // Writes a Chrome trace of the last load (open it in chrome://tracing or Perfetto).
    trace: { type: 'string' },
  },
});
const network = values.network?.match(/^(\d+(?:\.\d+)?)\/(\d+)$/);
if (values.network && !network) {
  console.error('--network takes MBIT/MS, e.g. 20/40');
  process.exit(2);
}
const throughput = network ? (Number(network[1]) * 1_000_000) / 8 : -1;
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of at least 1');
  process.exit(2);
}

// The checkout whose app is measured; its own seed folder, as its migrations made it.
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));
const seedDir = path.join(root, 'bench', '.data', 'map-load-seed');
const seededMarker = path.join(seedDir, '.seeded');
const TENANT = 'demo';
const SITES = 20_000;
/** The app's performance.mark (SITES_DRAWN_MARK in apps/web/src/shared/sites/map/mapStyle.ts). */
const SITES_DRAWN = 'sites-drawn';
const DEADLINE_MS = 120_000;

// ---------------------------------------------------------------------------------------------
// The app, started as `npm start` starts it

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

type App = { baseUrl: string; stop(): Promise<void> };

/** `node scripts/start.mjs` on a data folder: builds the web app when stale, seeds a new folder. */
async function startApp(dataDir: string): Promise<App> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // No NODE_ENV: start.mjs builds the web app in this environment, and 'development' there
    // makes Vite bundle React's development build.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 5 * DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it answered`);
    const healthy = await fetch(`${baseUrl}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the app did not answer /api/v1/health in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A data folder with the demo councils, seeded once by the app's own first start. */
async function ensureSeed() {
  const seeded = await stat(seededMarker).then(
    () => true,
    () => false,
  );
  if (seeded && !values.reseed) return;
  await rm(seedDir, { recursive: true, force: true });
  console.log(`Seeding the demo councils into ${path.relative(root, seedDir)} (once)…`);
  const app = await startApp(seedDir);
  await app.stop();
  await writeFile(seededMarker, new Date().toISOString());
}

// ---------------------------------------------------------------------------------------------
// One page load, with what it moved

type Kind = 'js' | 'css' | 'api' | 'tiles' | 'other';
const KINDS: Kind[] = ['js', 'css', 'api', 'tiles', 'other'];

function kindOf(request: Request): Kind {
  const { pathname } = new URL(request.url());
  if (pathname.startsWith('/api/v1/vector-tiles/')) return 'tiles';
  if (pathname.startsWith('/api/')) return 'api';
  if (/\.m?js$/.test(pathname)) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  return 'other';
}

type Load = {
  bytes: Record<Kind, number>;
  requests: Record<Kind, number>;
  /** Bytes of the responses once decoded (what the page holds), API only. */
  apiDecoded: number;
  /** Bytes on the wire by kind and path (a path asked for twice, summed). */
  scripts: Map<string, number>;
  sitesDrawnMs: number | null;
  resultsCompleteMs: number | null;
  /** The page's main thread from navigation to network idle (Chromium's Performance metrics), ms. */
  mainThread: { tasks: number; script: number; layout: number; style: number };
};

/**
 * Sums every finished request's bytes on the wire (Chromium's encodedDataLength: headers plus the
 * body as sent, compressed or not). Requests of MapLibre's worker (the tiles) are the context's too.
 */
function countTraffic(context: BrowserContext) {
  const bytes = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const requests = { ...bytes };
  let apiDecoded = 0;
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const kind = kindOf(request);
        const sizes = await request.sizes();
        bytes[kind] += sizes.responseHeadersSize + sizes.responseBodySize;
        requests[kind] += 1;
        const { pathname } = new URL(request.url());
        const key = `${kind} ${pathname}`;
        scripts.set(key, (scripts.get(key) ?? 0) + sizes.responseHeadersSize + sizes.responseBodySize);
        if (kind === 'api') {
          const body = await (await request.response())?.body().catch(() => null);
          apiDecoded += body?.length ?? 0;
        }
        // A request finishing as the context closes (after the count) is not counted.
      })().catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(pending);
    return { bytes, requests, apiDecoded, scripts };
  };
}

/** The moment the results list says every site is in ('20,000 sites found', no 'n / total'). */
function watchResults() {
  const done = /^[\d,]+ sites? found$/;
  const observer = new MutationObserver(() => {
    const text = document.querySelector('.site-results__count')?.textContent ?? '';
    if (done.test(text)) {
      (window as Window & { resultsCompleteMs?: number }).resultsCompleteMs = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

async function loadPage(
  browser: Browser,
  baseUrl: string,
  route: string,
  signIn: boolean,
  tracePath?: string,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((name) => window.localStorage.setItem('tenantName', name), TENANT);
    await context.addInitScript(watchResults);
    if (signIn) {
      const response = await context.request.post(`${baseUrl}/api/v1/auth/firebase-auth/login`, {
        headers: { 'x-tenant': TENANT },
        data: { email: `officer@${TENANT}.test`, password: DEMO_PASSWORD },
      });
      if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (network) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: Number(network[2]),
        downloadThroughput: throughput,
        uploadThroughput: throughput,
      });
    }
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const traffic = countTraffic(context);
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    await page.goto(`${baseUrl}${route}`);
    let sitesDrawnMs: number | null = null;
    let resultsCompleteMs: number | null = null;
    if (route === '/map') {
      // Both are times since the navigation started (the document's time origin).
      sitesDrawnMs = await page
        .waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime, SITES_DRAWN, {
          timeout: DEADLINE_MS,
        })
        .then(async (handle) => (await handle.jsonValue()) ?? null);
      resultsCompleteMs = await page
        .waitForFunction(() => (window as Window & { resultsCompleteMs?: number }).resultsCompleteMs, null, {
          timeout: DEADLINE_MS,
        })
        .then(async (handle) => (await handle.jsonValue()) ?? null);
    }
    // Whatever the screen still fetches (tiles for the first view, late chunks) counts too.
    await page.waitForLoadState('networkidle', { timeout: DEADLINE_MS });
    if (tracePath) await browser.stopTracing();
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => 1000 * (metrics.find((entry) => entry.name === name)?.value ?? 0);
    const mainThread = {
      tasks: metric('TaskDuration'),
      script: metric('ScriptDuration'),
      layout: metric('LayoutDuration'),
      style: metric('RecalcStyleDuration'),
    };
    return { ...(await traffic()), sitesDrawnMs, resultsCompleteMs, mainThread };
  } finally {
    await context.close();
  }
}

/** The main thread's and the workers' tasks, script compiles and user timing marks. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'netlog',
  'disabled-by-default-v8.cpu_profiler',
];

// ---------------------------------------------------------------------------------------------
// Report

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
function medianAndWorst(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, worst: sorted.at(-1)! };
}

const loadBefore = os.loadavg();
await ensureSeed();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'planning-map-load-'));
await cp(seedDir, dataDir, { recursive: true });
const app = await startApp(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  console.log(`\nJS and CSS each page loads (signed out, cache disabled):`);
  for (const route of ['/sign-in', '/select-tenant']) {
    const load = await loadPage(browser, app.baseUrl, route, false);
    console.log(
      `  ${route}: JS ${kb(load.bytes.js)} in ${load.requests.js} files, CSS ${kb(load.bytes.css)}`,
    );
  }

  console.log(
    `\n/map as officer@${TENANT}.test (${SITES.toLocaleString('en-GB')} sites), 1 warm-up + ${runs} runs:`,
  );
  await loadPage(browser, app.baseUrl, '/map', true);
  const loads: Load[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const trace = run === runs ? values.trace : undefined;
    const load = await loadPage(browser, app.baseUrl, '/map', true, trace);
    loads.push(load);
    const total = KINDS.reduce((sum, kind) => sum + load.bytes[kind], 0);
    console.log(
      `  run ${run}: sites drawn ${seconds(load.sitesDrawnMs!)}, all results ${seconds(load.resultsCompleteMs!)}, ` +
        `${KINDS.map((kind) => `${kind} ${kb(load.bytes[kind])}`).join(', ')}, total ${kb(total)}, ` +
        `main thread ${seconds(load.mainThread.tasks)}`,
    );
  }

  const line = (label: string, samples: number[], format: (n: number) => string) => {
    const { median, worst } = medianAndWorst(samples);
    return `| ${label} | ${format(median)} | ${format(worst)} |`;
  };
  if (values.files) {
    console.log('\nRequests of the last load, largest first:');
    for (const [file, size] of [...loads.at(-1)!.scripts].sort((a, b) => b[1] - a[1]))
      console.log(`  ${kb(size).padStart(9)}  ${file}`);
  }
  const totals = loads.map((load) => KINDS.reduce((sum, kind) => sum + load.bytes[kind], 0));
  const first = loads[0]!;
  console.log(
    [
      '',
      '| /map, cache disabled | median | worst |',
      '| --- | --- | --- |',
      line(
        'first sites drawn (mark `sites-drawn`)',
        loads.map((l) => l.sitesDrawnMs!),
        seconds,
      ),
      line(
        'results list complete',
        loads.map((l) => l.resultsCompleteMs!),
        seconds,
      ),
      ...KINDS.map((kind) =>
        line(
          `${kind} transferred (${first.requests[kind]} requests)`,
          loads.map((l) => l.bytes[kind]),
          kb,
        ),
      ),
      line(
        'main thread busy, navigation to network idle (TaskDuration)',
        loads.map((l) => l.mainThread.tasks),
        seconds,
      ),
      line(
        '… of it running script (ScriptDuration)',
        loads.map((l) => l.mainThread.script),
        seconds,
      ),
      line(
        '… of it layout and style (LayoutDuration + RecalcStyleDuration)',
        loads.map((l) => l.mainThread.layout + l.mainThread.style),
        seconds,
      ),
      line(
        'API decoded',
        loads.map((l) => l.apiDecoded),
        kb,
      ),
      line('total transferred', totals, kb),
      '',
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
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
}
