import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { isDatabaseUnavailable } from './db/availability';
import { databaseOptions, openDatabase } from './db/database';
import { createLogger } from './lib/logger';
import { MigrationError } from './db/migrate';
import { seedDemoTenants } from './seed/demo-tenants';
import { DEMO_PASSWORD } from './seed/demo-users';
import { startProgress } from './lib/start-progress';

/**
 * Started by npm start (scripts/start.mjs), which builds the web app meanwhile and says when it is
 * there: serving waits for it, so the first page is never missing. Started any other way (no IPC
 * channel), there is nothing to wait for. Listening from the start: the build may finish first.
 */
const webAppBuilt: Promise<void> | null =
  process.send && process.connected
    ? new Promise<void>((resolve) => {
        const onMessage = (message: unknown) => {
          if (message !== 'web-app-ready') return;
          process.off('message', onMessage);
          resolve();
        };
        process.on('message', onMessage);
        // The parent gone, nothing will come: serve what is there.
        process.once('disconnect', resolve);
      }).finally(() => {
        webAppReady = true;
        // The channel must not keep the server alive on its own.
        process.channel?.unref();
      })
    : null;
let webAppReady = webAppBuilt === null;

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const log = createLogger(config);
  // A promise nobody awaited failed (background work): the code that made it has moved on and
  // nothing is half done, so log it and keep serving. An exception thrown out of a callback may
  // have left anything half done, so it stays fatal (a supervisor restarts the process), but it is
  // logged through our serializer: Node's own report prints every property of the error, which for
  // a database error includes the row's values.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception: stopping');
    process.exit(1);
  });
  const progress = startProgress();
  progress.step(
    config.databaseUrl
      ? 'Opening PostgreSQL (DATABASE_URL) and applying migrations'
      : `Opening the embedded database in ${config.dataDir} and applying migrations`,
  );
  const database = await openDatabase(databaseOptions(config, log));
  progress.done();
  let seeded: string[] = [];
  if (config.seedDemo) {
    progress.step('Checking the demo councils');
    seeded = await seedDemoTenants(database.db, {
      onSites: (tenant, done, total) =>
        progress.count(`Seeding demo council "${tenant}"`, done, total, 'sites'),
    });
    progress.done();
  }
  if (!webAppReady) {
    progress.step('Waiting for the web app build');
    await webAppBuilt;
    progress.done();
  }
  progress.step('Starting the web server');
  const app = await buildApp({ config, database, logger: log });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  progress.done();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `  Planning platform is running at http://${shownHost}:${port}/  (started in ${seconds} s)`,
    `  Database: ${database.kind === 'embedded' ? `embedded, in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (seeded.length > 0) lines.push(`  Seeded demo tenants: ${seeded.join(', ')}`);
  if (config.seedDemo) {
    lines.push('  Pick a council at /select-tenant (demo, northfield).');
    lines.push(
      `  Demo sign-ins: admin@, officer@, viewer@, resident@<council>.test, password ${DEMO_PASSWORD}`,
    );
    lines.push(
      `  Emails (verification, password reset) go to ${config.mail.smtpUrl ? 'SMTP' : config.mail.outboxDir}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof MigrationError || error instanceof ConfigError) {
    process.stderr.write(`\nCannot start: ${error.message}\n\n`);
  } else if (isDatabaseUnavailable(error)) {
    const { code, message } = error as { code?: string; message?: string };
    process.stderr.write(`\nCannot start: the database is not reachable (${code ?? message}).\n\n`);
  } else {
    process.stderr.write(
      `\nCannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`,
    );
  }
  process.exit(1);
});
