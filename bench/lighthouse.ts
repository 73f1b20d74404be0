// Lighthouse's mobile profile on one page of the running app (bench/public-document.ts
// --lighthouse; see bench/README.md). Offline: Lighthouse drives Debian's Chromium through
// puppeteer, the page's council set in local storage first as the app's council picker does.
// LIGHTHOUSE_JSON=/tmp/lhr.json keeps the last run's full report (which element shifted, long tasks).
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { BENCH_TENANT } from './common';

const METRICS = [
  ['first-contentful-paint', 'first contentful paint'],
  ['largest-contentful-paint', 'largest contentful paint'],
  ['total-blocking-time', 'total blocking time'],
  ['cumulative-layout-shift', 'cumulative layout shift'],
  ['speed-index', 'speed index'],
  ['total-byte-weight', 'bytes transferred'],
] as const;

export type LighthouseOptions = {
  /** The page's name in the printed table. */
  label?: string;
  /** Accessibility besides performance (the public call-for-sites pages are held to 100). */
  accessibility?: boolean;
  /** Runs in the page before the runs (on the page's origin), e.g. signing a resident in. */
  prepare?: (page: Page) => Promise<void>;
};

export async function runLighthouse(
  url: string,
  runs: number,
  { label = 'public document', accessibility = false, prepare }: LighthouseOptions = {},
): Promise<void> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      // Council host names (app.bench.planning.test) reach the bench's server on this machine.
      '--host-resolver-rules=MAP *.planning.test 127.0.0.1',
      // Served over plain HTTP here, HTTPS in production: a secure context as there (crypto.randomUUID).
      `--unsafely-treat-insecure-origin-as-secure=${new URL(url).origin}`,
    ],
  });
  const loadBefore = os.loadavg();
  try {
    const page = await browser.newPage();
    // Any same-origin address, to write the council's name where the app reads it.
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((name) => window.localStorage.setItem('tenantName', name), BENCH_TENANT);
    if (prepare) await prepare(page);
    console.log(`\nLighthouse mobile profile, ${url}, ${runs} runs:`);
    const scores: number[] = [];
    const accessibilityScores: number[] = [];
    const failedAudits = new Set<string>();
    const values: Record<string, string[]> = {};
    let lastLargest: string[] = [];
    for (let run = 1; run <= runs; run += 1) {
      // Storage is kept (the council's name); the HTTP cache is not: every run loads cold.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const result = await lighthouse(
        url,
        {
          disableStorageReset: true,
          logLevel: 'error',
          onlyCategories: accessibility ? ['performance', 'accessibility'] : ['performance'],
        },
        undefined,
        page,
      );
      const lhr = result!.lhr;
      if (process.env.LIGHTHOUSE_JSON) await writeFile(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr));
      const score = Math.round((lhr.categories.performance!.score ?? 0) * 100);
      scores.push(score);
      if (accessibility) {
        accessibilityScores.push(Math.round((lhr.categories.accessibility!.score ?? 0) * 100));
        // What keeps the score under 100: the failed audits' ids, once each.
        for (const ref of lhr.categories.accessibility!.auditRefs)
          if (ref.weight > 0 && lhr.audits[ref.id]?.score === 0) failedAudits.add(ref.id);
      }
      for (const [id] of METRICS) (values[id] ??= []).push(lhr.audits[id]?.displayValue ?? '?');
      const weight = lhr.audits['total-byte-weight']?.details as
        { items?: { url: string; totalBytes: number }[] } | undefined;
      lastLargest = (weight?.items ?? [])
        .slice(0, 8)
        .map((item) => `${new URL(item.url).pathname} ${(item.totalBytes / 1024).toFixed(1)} KiB`);
      console.log(
        `  run ${run}: performance ${score}${accessibility ? `, accessibility ${accessibilityScores.at(-1)}` : ''}, ${METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}`,
      );
    }
    const sorted = [...scores].sort((a, b) => a - b);
    console.log(
      [
        '',
        `| Lighthouse mobile, ${label} | median of ${runs} | runs |`,
        '| --- | --- | --- |',
        `| performance score | ${sorted[Math.floor((runs - 1) / 2)]} | ${scores.join(', ')} |`,
        ...(accessibility
          ? [
              `| accessibility score | ${[...accessibilityScores].sort((a, b) => a - b)[Math.floor((runs - 1) / 2)]} | ${accessibilityScores.join(', ')} |`,
            ]
          : []),
        ...METRICS.map(([id, label]) => `| ${label} | | ${values[id]!.join(', ')} |`),
        '',
        `- largest transfers (last run): ${lastLargest.join(', ')}`,
        ...(failedAudits.size > 0 ? [`- failed accessibility audits: ${[...failedAudits].join(', ')}`] : []),
        `- load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}; ${await browser.version()}`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
  }
}
