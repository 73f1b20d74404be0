import { spawnSync } from 'node:child_process';
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

/** Builds the web app when it was never built or a source changed since the last build. */
export function ensureWebBuild() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (builtAt > changedAt) return;
  console.log(builtAt ? '  Web app sources changed: rebuilding…' : '  Building the web app (first start)…');
  const started = performance.now();
  // Vite's own report lists every chunk; on failure it is shown in full.
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', '@planning/web'], {
    cwd: root,
    // A production bundle whatever the caller's NODE_ENV (development made React's debug build).
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error('The web app failed to build.');
    process.exit(result.status ?? 1);
  }
  console.log(`  Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
