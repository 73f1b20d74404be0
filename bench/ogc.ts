// The OGC API as GIS clients use it (issue 25 point 4), run by hand (not a test):
//   npm run bench:ogc                  # fresh database bench_ogc with 20,000 sites
//   npm run bench:ogc -- --keep --runs 30 --no-qgis
// The real app listens on a local port (production config) and is read over HTTP with a
// personal API key: first pages of 10 / 100 / 1,000 sites, page 15 of 1,000 (through the next
// links' cursor), GDAL's ogr2ogr copy of every site at its defaults and with PAGE_SIZE=1000,
// and a QGIS layer read at its defaults (bench/ogc_qgis.py, Debian's python3-qgis, offscreen).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { CreatedApiKey } from '@planning/shared';
import { openDatabase } from '../apps/server/src/db/database';
import { demoDistrict } from '../apps/server/src/modules/sites/sites.generator';
import { count, ms, seedBenchCouncil, startBenchApp, stats, time } from './common';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    sites: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
    'no-qgis': { type: 'boolean', default: false },
    'no-gdal-default': { type: 'boolean', default: false },
    // Serve only: print the address and key, and wait for Ctrl-C (to try clients by hand).
    hold: { type: 'boolean', default: false },
    // What the timed pages accept ('' for uncompressed answers); GDAL and QGIS send their own.
    'accept-encoding': { type: 'string', default: 'gzip' },
  },
});
const serverUrl = values.url.replace(/\/+$/, '');
const sites = Number(values.sites);
const runs = Number(values.runs);
const DATABASE = 'bench_ogc';
const repoRoot = path.resolve(import.meta.dirname, '..');

// The MapServer 8 numbers on this machine (ms), and the targets (0.7x of them).
const MAPSERVER = { 10: 30, 100: 33, 1000: 62, page15: 81 };

async function prepare() {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount;
    // Only ever the benchmark's own database.
    if (exists && !values.keep) await admin.query(`drop database ${DATABASE} with (force)`);
    if (!exists || !values.keep) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: `${serverUrl}/${DATABASE}` });
  const seeded = await seedBenchCouncil(database, sites, demoDistrict);
  const owner = new pg.Client({ connectionString: `${serverUrl}/${DATABASE}` });
  await owner.connect();
  await owner.query('vacuum analyze sites');
  await owner.query('vacuum analyze layer_features');
  await owner.end();
  return { database, seeded };
}

const { database, seeded } = await prepare();
const bench = await startBenchApp(database);
const outDir = await mkdtemp(path.join(os.tmpdir(), 'planning-bench-ogc-'));
try {
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (bench.app.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}/api/v1/ogc`;
  const created = await bench.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bench.headers,
    payload: { name: 'bench ogc' },
  });
  const { key } = created.json<CreatedApiKey>();
  const headers = { 'x-api-key': key };

  const fetchPage = async (url: string) => {
    const answer = await fetch(url, { headers });
    if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
    return (await answer.json()) as {
      features: unknown[];
      links: Array<{ rel: string; href: string }>;
      numberMatched?: number;
    };
  };
  // Timed by curl in its own process (as the MapServer numbers were), so the client's
  // parsing does not share the server's event loop; its count of features is checked once.
  const curlTime = async (url: string) => {
    const args = ['-s', '-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-H', `x-api-key: ${key}`];
    if (values['accept-encoding']) args.push('-H', `accept-encoding: ${values['accept-encoding']}`);
    const { stdout } = await run('curl', [...args, url]);
    const [status, seconds] = stdout.trim().split(' ');
    if (status !== '200') throw new Error(`${url}: ${status}`);
    return Number(seconds) * 1000;
  };
  const measure = async (label: string, url: string, expected: number) => {
    const page = await fetchPage(url);
    if (page.features.length !== expected) throw new Error(`${label}: ${page.features.length} features`);
    for (let i = 0; i < 3; i++) await curlTime(url);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await curlTime(url));
    const { median, p95 } = stats(samples);
    console.log(`${label.padEnd(24)} median ${ms(median).padStart(7)} ms   p95 ${ms(p95).padStart(7)} ms`);
    return median;
  };

  if (values.hold) {
    console.log(`Serving OAPIF:${base}?api_key=${key}\nCtrl-C to stop`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  } else {
    console.log(
      `\n${count(seeded.present)} sites; ${runs} runs each timed by curl (accept-encoding: ${values['accept-encoding'] || 'none'}), key in X-API-Key\n`,
    );
    const results: Array<[string, string, string]> = [];
    for (const size of [10, 100, 1000] as const) {
      const median = await measure(`page of ${size}`, `${base}/collections/sites/items?limit=${size}`, size);
      results.push([`page of ${count(size)}`, `${ms(median)} ms`, `≤ ${ms(MAPSERVER[size] * 0.7)} ms`]);
    }
    // Page 15 of 1,000: the address the 14th page's next link gives.
    let href = `${base}/collections/sites/items?limit=1000`;
    for (let page = 1; page < 15; page++) {
      const next = (await fetchPage(href)).links.find((link) => link.rel === 'next')?.href;
      if (!next) throw new Error(`no next link after page ${page}`);
      href = next;
    }
    const page15 = await measure('page 15 of 1,000', href, 1000);
    results.push(['page 15 of 1,000', `${ms(page15)} ms`, `≤ ${ms(MAPSERVER.page15 * 0.7)} ms`]);

    const ogr2ogr = async (label: string, options: string[], target: string) => {
      const file = path.join(outDir, `${label.replace(/\W+/g, '_')}.gpkg`);
      const [elapsed] = await time(() =>
        run('ogr2ogr', ['-f', 'GPKG', file, ...options, `OAPIF:${base}?api_key=${key}`, 'sites'], {
          maxBuffer: 16 * 1024 * 1024,
        }),
      );
      const { stdout } = await run('ogrinfo', ['-so', '-ro', file, 'sites']);
      const copied = /Feature Count: (\d+)/.exec(stdout)?.[1] ?? '?';
      console.log(`${label.padEnd(24)} ${(elapsed / 1000).toFixed(2)} s, ${copied} features`);
      results.push([label, `${(elapsed / 1000).toFixed(2)} s (${copied} features)`, target]);
    };
    await ogr2ogr('GDAL PAGE_SIZE=1000', ['-oo', 'PAGE_SIZE=1000'], '< 2.6 s');
    if (!values['no-gdal-default']) await ogr2ogr('GDAL default copy', [], '< 60 s');

    const qgisScript = path.join(repoRoot, 'bench', 'ogc_qgis.py');
    if (values['no-qgis']) {
      // Skipped on request.
    } else if (!existsSync('/usr/lib/python3/dist-packages/qgis')) {
      console.log('QGIS read: skipped (python3-qgis is not installed)');
      results.push(['QGIS layer read', 'not run: python3-qgis missing', '< 15 s']);
    } else {
      // QGIS's layer filter on a date field goes to the server as datetime: its count must match
      // the same filter in CQL2 (before issue 25 it read all 20,000).
      const since = '2022-01-01';
      const filter = encodeURIComponent(`assessment_date >= DATE('${since}')`);
      const expected = (await fetchPage(`${base}/collections/sites/items?limit=1&filter=${filter}`))
        .numberMatched;
      const qgisArgs = [qgisScript, base, key, `"assessment_date" >= '${since}'`];
      const { stdout } = await run('/usr/bin/python3', qgisArgs, {
        env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
        maxBuffer: 16 * 1024 * 1024,
      });
      const [line = '', filtered = ''] = stdout.trim().split('\n');
      console.log(`QGIS read                ${line}`);
      console.log(`QGIS date filter         ${filtered} (the server counts ${expected})`);
      results.push(['QGIS layer read', line, '< 15 s']);
      results.push([
        `QGIS filter on assessment_date >= ${since}`,
        filtered,
        `${expected} (the server's count)`,
      ]);
    }

    console.log('\n| measure | ours | target |\n| --- | --- | --- |');
    for (const [label, ours, target] of results) console.log(`| ${label} | ${ours} | ${target} |`);
    console.log(
      `\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  }
} finally {
  await bench.close();
  await database.close();
  await rm(outDir, { recursive: true, force: true });
}
