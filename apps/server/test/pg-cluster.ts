import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export type Cluster = {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> (the superuser, trusted). */
  url(database?: string): string;
  /** `pg_ctl restart -m <mode>`: returns once the cluster accepts connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster (if running) and deletes its folder. */
  remove(): Promise<void>;
};

/**
 * A throw-away PostgreSQL cluster of the test's own, on a free port, in a folder under the system
 * temp folder, so a test can stop and restart it without touching anyone else's database.
 * `hba` lines replace the default (everything trusted from 127.0.0.1). initdb refuses to run as
 * root, so as root every command runs as the `postgres` user, who owns the folder.
 */
export async function startCluster(options: { hba?: string[] } = {}): Promise<Cluster> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'planning-cluster-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const pgCommand = async (command: string, args: string[]) => {
    const [file, fullArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]]
      : [path.join(BIN, command), args];
    return run(file, fullArgs, { timeout: 60_000 });
  };
  if (asRoot) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    await chown(root, Number(uid.stdout), Number(gid.stdout));
  }
  const port = await freePort();
  const ctl = (...args: string[]) => pgCommand('pg_ctl', ['-D', dataDir, '-w', '-t', '60', ...args]);
  let running = false;
  const cluster: Cluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: async (mode) => {
      await ctl('restart', '-m', mode, '-l', path.join(root, 'log'));
    },
    stop: async (mode) => {
      await ctl('stop', '-m', mode);
      running = false;
    },
    start: async () => {
      await ctl('start', '-l', path.join(root, 'log'));
      running = true;
    },
    remove: async () => {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
  try {
    await pgCommand('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    const settings = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'max_connections = 30',
      'shared_buffers = 16MB',
    ];
    await writeFile(path.join(dataDir, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
    const hba = options.hba ?? ['host all all 127.0.0.1/32 trust'];
    await writeFile(path.join(dataDir, 'pg_hba.conf'), `local all all trust\n${hba.join('\n')}\n`);
    await cluster.start();
  } catch (error) {
    await cluster.remove();
    throw error;
  }
  return cluster;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
