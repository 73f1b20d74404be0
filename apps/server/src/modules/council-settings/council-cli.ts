// npm run council -- create --name <slug> --short-name … --raw-name … --main-color '#…' --admin-email … --admin-name …
// npm run council -- list
// Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in DATA_DIR; the invitation
// goes through SMTP_URL, or to the outbox folder without it.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../config';
import type { Database } from '../../db/schema';
import { databaseOptions, openDatabase } from '../../db/database';
import { createMailer } from '../../lib/mailer';
import { createAttemptLimiter } from '../../lib/rate-limit';
import type { AuthDeps } from '../auth/auth.service';
import { CouncilInputError, createCouncil } from './council-create';

export const councilUsage = `Usage:
  npm run council -- create --name <name> --short-name <short name> --raw-name <full name>
                            --main-color <#rrggbb> --admin-email <email> --admin-name <name>
  npm run council -- list

create   makes a council, its admin role (every permission) and invites its first administrator
         by email (SMTP_URL, or the outbox folder without it).
         --name         one lower-case host name label: the council's address, e.g. northfield
         --main-color   white text on it must meet WCAG AA (4.5:1), e.g. '#1d4f91'
list     shows every council.

The database is DATABASE_URL (PostgreSQL) when set, else the embedded one in DATA_DIR.`;

type Io = { out: (line: string) => void; err: (line: string) => void };

const createOptions = {
  name: { type: 'string' },
  'short-name': { type: 'string' },
  'raw-name': { type: 'string' },
  'main-color': { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-name': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The operator at the keyboard, as the audit log shows them: there is no user account behind it. */
function operator() {
  let who = 'unknown';
  try {
    who = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the command still runs.
  }
  return { userId: null, email: null, ip: null, userAgent: `npm run council (${who}@${os.hostname()})` };
}

/** Runs one command; resolves with the process's exit code (0 done, 1 refused or failed, 2 usage). */
export async function runCouncilCommand(argv: string[], deps: AuthDeps, io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'list') return listCouncils(deps.db, io);
  if (command !== 'create') {
    (command && command !== '--help' && command !== '-h' ? io.err : io.out)(councilUsage);
    return command && command !== '--help' && command !== '-h' ? 2 : 0;
  }
  let values;
  try {
    ({ values } = parseArgs({ args: rest, options: createOptions, strict: true, allowPositionals: false }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${councilUsage}`);
    return 2;
  }
  if (values.help) {
    io.out(councilUsage);
    return 0;
  }
  const missing = Object.keys(createOptions).filter(
    (key) => key !== 'help' && values[key as keyof typeof values] === undefined,
  );
  if (missing.length > 0) {
    io.err(`Missing ${missing.map((key) => `--${key}`).join(', ')}\n\n${councilUsage}`);
    return 2;
  }
  try {
    const created = await createCouncil(
      deps,
      {
        name: values.name!,
        shortName: values['short-name']!,
        rawName: values['raw-name']!,
        mainColor: values['main-color']!,
        adminEmail: values['admin-email']!,
        adminName: values['admin-name']!,
      },
      operator(),
    );
    io.out(
      `Created council "${values.name}" (${created.tenantId}) with its admin role; invited ${values['admin-email']}.`,
    );
    if (!deps.config.mail.smtpUrl) io.out(`No SMTP_URL: the invitation is in ${deps.config.mail.outboxDir}`);
    return 0;
  } catch (error) {
    if (error instanceof CouncilInputError) {
      io.err(error.message);
      return 1;
    }
    io.err(`The council could not be created: ${(error as Error).message}`);
    return 1;
  }
}

async function listCouncils(db: Kysely<Database>, io: Io): Promise<number> {
  const rows = await db
    .selectFrom('tenants')
    .select(['name', 'short_name', 'raw_name', 'main_color', 'created_at'])
    .orderBy('name')
    .execute();
  if (rows.length === 0) {
    io.out('No councils yet: npm run council -- create …');
    return 0;
  }
  const width = Math.max(4, ...rows.map((row) => row.name.length));
  io.out(`${'NAME'.padEnd(width)}  COLOUR   CREATED     FULL NAME (SHORT NAME)`);
  for (const row of rows)
    io.out(
      `${row.name.padEnd(width)}  ${row.main_color.padEnd(7)}  ${row.created_at.toISOString().slice(0, 10)}  ${row.raw_name} (${row.short_name})`,
    );
  return 0;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  const limiter = await createAttemptLimiter(config.authRateLimit, { kind: 'memory' });
  const deps: AuthDeps = {
    db: database.db,
    config,
    mailer: createMailer(config.mail),
    limiter,
    log: { error: (obj, msg) => process.stderr.write(`${msg} ${String(obj)}\n`) },
  };
  try {
    process.exitCode = await runCouncilCommand(process.argv.slice(2), deps, {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await limiter.close();
    await database.close();
  }
}

// Run as a command, not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
