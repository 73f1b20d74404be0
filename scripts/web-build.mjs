import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Whether the web app was never built or a source changed since the last build. */
function buildNeeded() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  return builtAt > changedAt ? null : { first: builtAt === 0 };
}

const buildCommand = ['npm', ['run', '--silent', 'build', '-w', '@planning/web']];
// A production bundle whatever the caller's NODE_ENV (development made React's debug build).
const buildEnv = () => ({ ...process.env, NODE_ENV: 'production' });

function announce(first) {
  console.log(first ? '  Building the web app (first start)…' : '  Web app sources changed: rebuilding…');
  return performance.now();
}

function finish(status, stdout, stderr, started) {
  if (status !== 0) {
    // Vite's own report lists every chunk; on failure it is shown in full.
    process.stdout.write(stdout ?? '');
    process.stderr.write(stderr ?? '');
    console.error('The web app failed to build.');
    process.exit(status ?? 1);
  }
  console.log(`  Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Builds the web app when it was never built or a source changed since the last build. */
export function ensureWebBuild() {
  const needed = buildNeeded();
  if (!needed) return;
  const started = announce(needed.first);
  const result = spawnSync(buildCommand[0], buildCommand[1], {
    cwd: root,
    env: buildEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  finish(result.status, result.stdout, result.stderr, started);
}

/**
 * The same, in the background: npm start builds the app while the server opens its database and
 * seeds (two cores, two jobs). Resolves when the build is there; a failed build ends the process.
 */
export function startWebBuild() {
  const needed = buildNeeded();
  if (!needed) return Promise.resolve();
  const started = announce(needed.first);
  const child = spawn(buildCommand[0], buildCommand[1], {
    cwd: root,
    env: buildEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      finish(status, stdout, stderr, started);
      resolve();
    }),
  );
}
