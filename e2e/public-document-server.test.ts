import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sectionAnchor } from '@planning/shared';
import { DEMO_DOCUMENT_TITLE } from '../apps/server/src/modules/documents/documents.seed';
import { demoDocumentId } from './support/documents';
import { councilId, launchJourneyBrowser, startRunningApp, type RunningApp } from './support/running-app';

// Issue 25: on the council's own host name the server draws the public document's first screen,
// readable without script, and the app takes its place without moving anything.
let running: RunningApp;
let browser: Browser;
let documentUrl: string;

beforeAll(async () => {
  running = await startRunningApp();
  const documentId = await demoDocumentId(running, await councilId(running));
  const { port } = new URL(running.baseUrl);
  // The default TENANT_HOST_PATTERN reads the council from the host's second label.
  const origin = `http://app.demo.planning.test:${port}`;
  documentUrl = `${origin}/p/document/${documentId}`;
  // Plain HTTP at a name that is not localhost: no secure context (the headless shell ignores
  // --unsafely-treat-insecure-origin-as-secure), as for a council trying the app on its network.
  browser = await launchJourneyBrowser(['--host-resolver-rules=MAP *.planning.test 127.0.0.1']);
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

describe('a public document drawn by the server (issue 25)', () => {
  it('can be read without script: header, title and the first section', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(documentUrl);
      await page.getByRole('heading', { level: 1, name: DEMO_DOCUMENT_TITLE }).waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(1);
      expect(await page.locator(`#${sectionAnchor('intro')}`).count()).toBe(1);
      expect(await page.locator('noscript').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("is replaced by the app without a layout shift, the app taking the page's answers", async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      await context.addInitScript(() => {
        type Shift = {
          value: number;
          startTime: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        };
        const shifts: string[] = [];
        (window as Window & { shifts?: string[] }).shifts = shifts;
        // When the council's logo arrived: until then its width is unknown, so the header's name
        // and links beside it move once it is drawn, in the frame around its load event (in the
        // app alone as well: not the swap).
        const logoLoads: number[] = [];
        document.addEventListener(
          'load',
          (event) => {
            if ((event.target as Element).classList?.contains('public-header__logo'))
              logoLoads.push(performance.now());
          },
          true,
        );
        const inHeader = (node?: Node) => (node as Element | undefined)?.closest?.('.public-header') != null;
        // As CLS counts them: not those right after the reader's own input.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            if (entry.hadRecentInput) continue;
            const byLogo =
              entry.sources.every((source) => inHeader(source.node)) &&
              logoLoads.some((at) => Math.abs(entry.startTime - at) < 500);
            if (byLogo) continue;
            const nodes = entry.sources.map((source) =>
              (source.node as Element | undefined)?.outerHTML.slice(0, 80),
            );
            shifts.push(`${entry.value} ${nodes.join(' ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      const documentCalls: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/v1\/public\/documents\/[^/?]+(\?|$)/.test(request.url()))
          documentCalls.push(request.url());
      });
      await page.goto(documentUrl);
      expect(await page.locator('#server-page').count()).toBe(1);
      // The app's own screen: the root shown, the server's gone, its header's buttons working.
      await page.locator('#root:not([hidden]) h1').waitFor();
      expect(await page.locator('#server-page').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(DEMO_DOCUMENT_TITLE);
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Download/ })
        .click();
      await page.getByRole('menuitem', { name: 'PDF', exact: true }).waitFor();
      // Nothing of the document moves (the header's move when the logo arrives is left out above).
      const moved = await page.evaluate(() => (window as Window & { shifts?: string[] }).shifts ?? []);
      // Each shift's size and what moved, in full when it fails (Vitest elides nested arrays).
      expect(moved, JSON.stringify(moved)).toEqual([]);
      // The layout takes the page's answer; the page's own watcher asks again as it mounts (stale
      // at once, so a reader who signs in meanwhile gets their own answer), as without the server.
      expect(documentCalls.length).toBeLessThanOrEqual(1);
    } finally {
      await context.close();
    }
  });
});
