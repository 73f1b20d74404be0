// What the site search journeys (e2e/site-search*.test.ts) share: the fixture's oracle, and
// waits on what the screen shows.
import type { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_SITE_COUNTS, demoFixtureSites } from './fixture';
import { openAsTenant, type RunningApp } from './running-app';

// The demo council's sites, as the fixture seeded them: the oracle for every count on screen.
export const demo = demoFixtureSites();
export const ALL = E2E_SITE_COUNTS.demo;
/** Where 'Show On Map' flies to (MAP.flyToZoom in the web app's mapStyle.ts, spec 03 §9). */
export const SHOW_ON_MAP_ZOOM = 16;
export const count = (n: number) => n.toLocaleString('en-GB');

export const resultsStatus = (page: Page) => page.locator('.site-results__count');

/** The status once every matching site is in (spec 01 §2, §4). */
export const found = (n: number) =>
  n === 0 ? 'No sites found' : `${count(n)} ${n === 1 ? 'site' : 'sites'} found`;

export type StatusWindow = Window & { statusLog?: string[]; statusObserver?: MutationObserver };

/**
 * From now on, keeps every text the results status shows, in order: a progress text such as
 * '50 / 6,512 sites found' lasts only as long as the next page takes, too short to poll for.
 */
export async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const target = window as StatusWindow;
    target.statusObserver?.disconnect();
    const log: string[] = [];
    const read = () => {
      const text = document.querySelector('.site-results__count')?.textContent ?? '';
      if (text !== log.at(-1)) log.push(text);
    };
    target.statusLog = log;
    target.statusObserver = new MutationObserver(read);
    target.statusObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
export const recordedStatuses = (page: Page) => page.evaluate(() => (window as StatusWindow).statusLog ?? []);

/** The map's tools start with the map: clicks before that would do nothing. */
export async function mapReady(page: Page) {
  await expect
    // A fresh browser's first map (WebGL in software, the map script compiled) took over 20 s
    // once on a loaded machine: wait as long as the journey may, not a shorter guess.
    .poll(() => page.getByRole('button', { name: 'Zoom in' }).isEnabled(), { timeout: 60_000 })
    .toBe(true);
}

/** The map has stopped moving at this zoom and drawn every tile of its view (SiteMap's data-map-state). */
export async function mapSettledAt(page: Page, zoom: number) {
  await page.waitForFunction(
    (expected) => {
      const box = document.querySelector('.site-map__canvas');
      return box?.getAttribute('data-map-state') === 'idle' && box.getAttribute('data-map-zoom') === expected;
    },
    zoom.toFixed(1),
    { timeout: 20_000 },
  );
}

/** The share of strongly coloured pixels: site fills, never the pale base map. */
export function colouredShare(png: PNG): number {
  let coloured = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) coloured += 1;
  }
  return coloured / (png.width * png.height);
}

export async function openMap(running: RunningApp, as: 'officer' | 'viewer' = 'officer') {
  const page = await openAsTenant(running, 'demo', '/map', as);
  await page.getByRole('heading', { name: 'Search and Filter' }).waitFor();
  await expectStatus(page, found(ALL));
  // The filters' options (tags, statuses) are asked for once the list's first page is in.
  await page.locator('.filter-panel:not([aria-busy])').waitFor();
  return page;
}

export async function expectStatus(page: Page, text: string) {
  await page.waitForFunction(
    (expected) => document.querySelector('.site-results__count')?.textContent === expected,
    text,
    { timeout: 30_000 },
  );
}

// Each journey waits for whole results, as the screen loads them (spec 01 §4): the first page,
// then every matching id in one request; cards come a page at a time as they are shown.
