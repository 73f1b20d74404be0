// Issue 25 point 6: `npm ci` on the Node the README names (20.19) must print no EBADENGINE.
// Every package the lock file installs (optional platform binaries aside) accepts Node 20.19.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// npm's own range rules (semver is installed with every toolchain package; no types needed here).
const semver = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string) => boolean;
};

type LockEntry = { version?: string; optional?: boolean; engines?: { node?: string } };

describe('the lock file', () => {
  it('installs nothing that refuses the Node version the README names', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const wanted = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node;
    const oldest = wanted.replace(/^>=\s*/, '');
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => !entry.optional && entry.engines?.node)
      .filter(
        ([, entry]) =>
          !semver.satisfies(`${oldest}.0`.split('.').slice(0, 3).join('.'), entry.engines!.node!),
      )
      .map(([name, entry]) => `${name}@${entry.version}: node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
