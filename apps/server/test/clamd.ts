import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pingClamd } from '../src/modules/files/files.scan';

/** The EICAR anti-virus test file: harmless, and every scanner must report it. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export type TestClamd = { host: string; port: number; stop(): Promise<void> };

const CLAMD = process.env.CLAMD_PATH ?? '/usr/sbin/clamd';

/** A port nobody listens on at this moment. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A private clamd on a free port, with one offline signature (an .ndb line matching the EICAR
 * string: no signature download is possible here), started by the test itself and ready once it
 * answers PING. Fails, never skips, when clamd cannot be started: the scanning tests must run.
 */
export async function startClamd(): Promise<TestClamd> {
  if (!existsSync(CLAMD)) throw new Error(`clamd not found at ${CLAMD}: install clamav-daemon`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'planning-clamd-'));
  const databaseDir = path.join(dir, 'db');
  await mkdir(databaseDir);
  await writeFile(
    path.join(databaseDir, 'eicar.ndb'),
    `EICAR-Test:0:*:${Buffer.from(EICAR, 'latin1').toString('hex')}\n`,
  );
  const port = await freePort();
  const conf = path.join(dir, 'clamd.conf');
  await writeFile(
    conf,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${databaseDir}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      // Uploads are up to 32MB; clamd's default stream limit is 25MB.
      'StreamMaxLength 40M',
      'SelfCheck 0',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(CLAMD, ['--config-file', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  const options = { host: '127.0.0.1', port, timeoutMs: 2_000 };
  const deadline = Date.now() + 60_000;
  while (!(await pingClamd(options))) {
    if (exited !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = await readFile(path.join(dir, 'clamd.log'), 'utf8').catch(() => '');
      throw new Error(`clamd did not start (exit ${exited}): ${stderr}\n${log}`);
    }
    // Not a fixed wait for readiness: the loop ends as soon as clamd answers PING.
    await delay(50);
  }
  return {
    host: '127.0.0.1',
    port,
    async stop() {
      if (exited === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
