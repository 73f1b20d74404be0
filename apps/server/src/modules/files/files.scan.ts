import net from 'node:net';
import type { Readable } from 'node:stream';

export type ClamdOptions = { host: string; port: number; timeoutMs: number };
export type ScanVerdict = { infected: false } | { infected: true; signature: string };

/** The scanner could not give a verdict (down, refused, timed out, over its size limit): try again. */
export class ScannerError extends Error {
  override name = 'ScannerError';
}

// clamd's INSTREAM takes chunks of at most StreamMaxLength in all; 64 KiB chunks keep memory flat.
const CHUNK = 64 * 1024;

/**
 * Scans a stream with clamd's INSTREAM command (clamd(8)): `zINSTREAM\0`, then chunks each led by
 * its length as a 4-byte big-endian number, then a zero length; clamd answers `stream: OK` or
 * `stream: {signature} FOUND`, NUL-terminated. Anything else is a ScannerError.
 */
export async function scanStream(
  options: ClamdOptions,
  body: Readable,
  signal?: AbortSignal,
): Promise<ScanVerdict> {
  const answer = await talk(options, signal, async (socket) => {
    socket.write('zINSTREAM\0');
    for await (const piece of body) {
      const data = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
      for (let at = 0; at < data.length; at += CHUNK) {
        const chunk = data.subarray(at, at + CHUNK);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        await write(socket, Buffer.concat([length, chunk]));
      }
    }
    await write(socket, Buffer.alloc(4));
  }).finally(() => body.destroy());
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { infected: true, signature: found[1]! };
  if (answer === 'stream: OK') return { infected: false };
  throw new ScannerError(`clamd: ${answer || 'no answer'}`);
}

/** True when clamd answers PING with PONG. */
export async function pingClamd(options: ClamdOptions, signal?: AbortSignal): Promise<boolean> {
  try {
    return (await talk(options, signal, async (socket) => socket.write('zPING\0'))) === 'PONG';
  } catch {
    return false;
  }
}

function write(socket: net.Socket, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    // The callback runs once the data is handed to the system, so a slow scanner holds us back.
    socket.write(data, (error) => (error ? reject(error) : resolve()));
  });
}

/** Opens a connection, runs `send`, and resolves with clamd's NUL-terminated answer. */
function talk(
  options: ClamdOptions,
  signal: AbortSignal | undefined,
  send: (socket: net.Socket) => Promise<unknown>,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect({ host: options.host, port: options.port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      const answer = Buffer.concat(chunks).toString('utf8').replace(/\0+$/, '').trim();
      if (error) reject(error instanceof ScannerError ? error : new ScannerError(`clamd: ${error.message}`));
      else resolve(answer);
    };
    const onAbort = () => finish(new ScannerError('clamd: scan cancelled'));
    if (signal?.aborted) return finish(new ScannerError('clamd: scan cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.setTimeout(options.timeoutMs, () => finish(new ScannerError('clamd: timed out')));
    socket.on('data', (data: Buffer) => {
      chunks.push(data);
      // clamd may answer before reading everything (a size limit): the answer is what counts.
      if (data.includes(0)) finish(null);
    });
    socket.on('end', () => finish(null));
    socket.on('error', (error) => {
      // A scanner that stopped reading (EPIPE) after answering has still answered.
      if (chunks.length > 0) finish(null);
      else finish(error);
    });
    socket.once('connect', () => {
      send(socket).catch((error: unknown) => {
        if (chunks.length === 0) finish(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
}
