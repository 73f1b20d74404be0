import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppDatabase } from '../src/db/database';
import { createLogger } from '../src/lib/logger';
import { openTestDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  database: AppDatabase;
  config: Config;
  /** Every email sent so far, oldest first. */
  outbox(): Promise<SentMail[]>;
  close(): Promise<void>;
};

export type SentMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  from: string;
  replyTo?: string;
  /** Attached files, their content as base64. */
  attachments?: { filename: string; contentType: string; content: string }[];
};

export async function readOutbox(dir: string): Promise<SentMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.json'))
    .sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as SentMail),
  );
}

/** The link in the latest email to `to`, as the recipient would click it. */
export async function latestLink(outbox: () => Promise<SentMail[]>, to: string): Promise<URL> {
  const mail = (await outbox()).filter((sent) => sent.to === to).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link emailed to ${to}`);
  return new URL(link);
}

/** The API's configuration in tests: no web app, emails in `outboxDir`. */
export function testConfig(outboxDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    MAIL_OUTBOX_DIR: outboxDir,
    APP_URL_TEMPLATE: 'http://{tenant}.planning.test',
    // On PostgreSQL the counters are shared by the whole run, and injected calls all come from
    // 127.0.0.1: only the tests of the limits themselves (with addresses of their own) may meet one.
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    // Files under the test's own folder; a job queue of its own, so apps of other test files on
    // the run's one PostgreSQL database never take this app's jobs; retries without long waits.
    DATA_DIR: outboxDir,
    JOBS_QUEUE: `test-${randomUUID()}`,
    JOBS_RETRY_BASE_MS: '20',
    // The daily retention run would reach every test's council: its tests queue it themselves.
    RETENTION_DAILY: 'false',
    ...env,
  });
}

/** The real app over the suite's database, driven through fastify.inject. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    extraApiRoutes?: FastifyPluginAsync[];
    /** Where the server's log lines go, as production writes them; none by default. */
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'planning-outbox-'));
  const config = testConfig(outboxDir, options.env);
  const app = await buildApp({
    config,
    database,
    logger: options.logStream ? createLogger(config, options.logStream) : false,
    extraApiRoutes: options.extraApiRoutes ?? [],
  });
  await app.ready();
  return {
    app,
    database,
    config,
    outbox: () => readOutbox(config.mail.outboxDir),
    close: async () => {
      await app.close();
      await database.close();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}
