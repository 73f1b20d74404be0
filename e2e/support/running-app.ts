import { existsSync, statfsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type AppDatabase } from '../../apps/server/src/db/database';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-users';
import { openTestDatabase } from '../../apps/server/test/database';
import { readOutbox, type SentMail } from '../../apps/server/test/test-app';
import { copyDatabase, databaseUrl, dropDatabase, E2E_DATABASE_PREFIX } from './postgres';

export type RunningApp = {
  baseUrl: string;
  /** The server itself, for a journey that must set up state the browser cannot (attempt counts). */
  app: FastifyInstance;
  database: AppDatabase;
  /** Every email the app sent, oldest first. */
  outbox(): Promise<SentMail[]>;
  /** A fresh browser context (own local storage) at 1280×800 with reduced motion, closed when the test ends. */
  newPage(): Promise<Page>;
  /** A fresh browser context with the given options (another person's browser), closed when the test ends. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
};

// Every page a test opened: closed when the test ends (e2e/support/close-pages.ts), so a finished
// journey's map, polls and timers stop taking the CPU from the next one.
const openContexts = new Set<BrowserContext>();

/** Closes the pages the test opened. */
export async function closeOpenPages(): Promise<void> {
  await Promise.all([...openContexts].map((context) => context.close()));
  openContexts.clear();
}

/**
 * The browser the journeys drive: `CHROMIUM_PATH`, else Debian's headless shell
 * (chromium-headless-shell, Chromium's own headless build and Playwright's default for headless
 * runs), else the full Chromium. The headless shell has no browser UI or GPU compositor to run:
 * a journey file took a third less of Chromium's CPU on it (bench/README.md, eighth session).
 */
function journeyBrowserPath(): string {
  const headlessShell = '/usr/bin/chromium-headless-shell';
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';
}

/**
 * Launches the journeys' Chromium with `extraArgs`. Shared memory goes to /dev/shm unless it is
 * too small (a container's 64 MB): sending it to /tmp instead, on a disk, cost a journey file a
 * tenth of its time in the kernel.
 */
export function launchJourneyBrowser(extraArgs: string[] = []): Promise<Browser> {
  const smallShm = (() => {
    try {
      const stats = statfsSync('/dev/shm');
      return stats.blocks * stats.bsize < 1024 ** 3;
    } catch {
      return true;
    }
  })();
  return chromium.launch({
    executablePath: journeyBrowserPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      ...(smallShm ? ['--disable-dev-shm-usage'] : []),
      ...extraArgs,
    ],
  });
}

/**
 * One headless Chromium per test worker, shared by the journey files the worker runs (the e2e
 * suite runs without isolation, so this module outlives a file): each journey has its own
 * contexts, closed after every test, and launching a browser per file cost a second or more of
 * a loaded machine each time. A browser that went away is launched again for the next file.
 */
let workerBrowser: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchJourneyBrowser();
    workerBrowser = launching;
    void launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (workerBrowser === launching) workerBrowser = null;
        }),
      () => {
        if (workerBrowser === launching) workerBrowser = null;
      },
    );
  }
  return workerBrowser;
}

/**
 * The real server (built web app + API) on a free port over a private copy of the embedded
 * database with the demo tenants (seeded once per run), and a headless Chromium. In-process, so a
 * journey can switch a flag or maintenance in the database and see the app react.
 */
export async function startRunningApp(): Promise<RunningApp> {
  // A private copy of the run's seeded fixture (e2e/support/global-setup.ts).
  const database = await openJourneyDatabase();
  const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'planning-e2e-outbox-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    MAIL_OUTBOX_DIR: outboxDir,
    // Uploaded and exported files in the journey's own folder.
    STORAGE_DIR: path.join(outboxDir, 'files'),
    // No daily retention run behind a journey's back (the retention journey starts its own).
    RETENTION_DAILY: 'false',
    // A developer working beside others may serve a build of their own (vite build --outDir …).
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
  });
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const browser = await sharedBrowser();
  const baseUrl = `http://127.0.0.1:${address.port}`;
  // Emailed links point at the running app, as APP_URL_TEMPLATE would in production.
  config.appUrlTemplate = baseUrl;
  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext(options);
    openContexts.add(context);
    context.on('close', () => openContexts.delete(context));
    return context;
  };
  return {
    baseUrl,
    app,
    outbox: () => readOutbox(outboxDir),
    database,
    newContext,
    newPage: async () => {
      // Reduced motion, as many people set their systems: dialogs, menus and the map's camera
      // arrive at once, so a journey waits on the app, not on fades (the app's animated path is
      // antd's own, and the accessibility journey checks the setting is honoured).
      const context = await newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      return context.newPage();
    },
    close: async () => {
      // The browser stays for the worker's next file; this file's pages go.
      await closeOpenPages();
      await app.close();
      await database.close();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

let copies = 0;

/** The journey file's own copy of the run's fixture, dropped (on PostgreSQL) when it closes. */
async function openJourneyDatabase(): Promise<AppDatabase> {
  const templateUrl = inject('postgresUrl');
  if (!templateUrl) return openTestDatabase();
  const name = `${E2E_DATABASE_PREFIX}${process.pid}_${Date.now()}_${(copies += 1)}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: await copyDatabase(templateUrl, name),
    poolSize: 4,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(databaseUrl(templateUrl, 'postgres'), name);
    },
  };
}

/**
 * Opens the app with a council already chosen, as the picker leaves it, and signed in as
 * `as` ('admin', 'officer', 'viewer', 'resident' of that council) unless `as` is null.
 */
export async function openAsTenant(
  running: RunningApp,
  tenantName: string,
  path = '/map',
  as: DemoUser | null = 'admin',
): Promise<Page> {
  const page = await running.newPage();
  await page.addInitScript((name) => window.localStorage.setItem('tenantName', name), tenantName);
  if (as) await signInThroughApi(running, page, tenantName, as);
  await page.goto(`${running.baseUrl}${path}`);
  return page;
}

export type DemoUser = 'admin' | 'officer' | 'viewer' | 'resident';

/** Signs the page's browser context in (the cookie lands in the context), skipping the form. */
export async function signInThroughApi(running: RunningApp, page: Page, tenantName: string, as: DemoUser) {
  const response = await page.context().request.post(`${running.baseUrl}/api/v1/auth/firebase-auth/login`, {
    headers: { 'x-tenant': tenantName },
    data: { email: `${as}@${tenantName}.test`, password: DEMO_PASSWORD },
  });
  if (!response.ok())
    throw new Error(`sign-in as ${as} failed: ${response.status()} ${await response.text()}`);
}

/** A demo council's id (tenants are not behind row-level security), for journeys that set up data. */
export async function councilId(running: RunningApp, name = 'demo'): Promise<string> {
  const row = await running.database.db
    .selectFrom('tenants')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Resolves once an antd popover (the notifications bell's panel) has finished opening: mid-animation
 * its text is half faded (axe measures the blend) and a click can go astray.
 */
export async function popoverOpened(page: Page): Promise<void> {
  const open = '.ant-popover:not(.ant-popover-hidden)';
  await page.locator(open).first().waitFor();
  await motionEnded(page, open);
}

/**
 * Resolves once no finite animation is running (antd fades messages, dialogs and popovers in):
 * measured mid-fade, text blends with its background and fails contrast it passes at rest.
 * Endless ones (spinners) are left out, as they never finish.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** The named dialog once it has finished opening: a press while it still zooms in can miss its button. */
export async function openedDialog(page: Page, name?: string): Promise<Locator> {
  return settledDialog(
    page,
    name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name }),
  );
}

/** A dialog found some other way (by its text, say) once it has finished opening. */
export async function settledDialog(page: Page, dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await motionEnded(page, '.ant-modal, .ant-drawer-content-wrapper');
  return dialog;
}

/**
 * The open antd dropdown menu once it has finished sliding in: a press on an item mid-slide can
 * miss it and leave the menu open (seen in full runs, in the builder's Add block menu).
 */
export async function openedMenu(page: Page): Promise<Locator> {
  const menu = page.locator('.ant-dropdown:visible');
  await menu.waitFor();
  await motionEnded(page, '.ant-dropdown');
  return menu;
}

/**
 * antd's popups (rc-motion) first render in a 'prepare' step, at rest but about to shrink, and only
 * then run their zoom or slide: nothing is animating yet in that step. So the popups' own motion
 * classes are waited out too, then any animation still running.
 */
async function motionEnded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (popups) =>
      [...document.querySelectorAll(popups)].every(
        (popup) => !/-(enter|appear|leave)(-|\b)/.test(popup.className),
      ),
    selector,
  );
  await animationsSettled(page);
}

/**
 * Picks an option of an antd select: opens it, waits for its list to finish sliding in (a press
 * mid-slide can miss), presses the option, and waits for the list to close.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await list.waitFor();
  await motionEnded(page, '.ant-select-dropdown');
  await list.getByTitle(option, { exact: true }).click();
  await list.waitFor({ state: 'hidden' });
}
