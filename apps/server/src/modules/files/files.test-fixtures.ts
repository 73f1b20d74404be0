import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { FILE_LIMITS } from '@planning/shared';
import { freePort, type TestClamd } from '../../../test/clamd';

/** What the file tests upload, and the scanner they put between the app and clamd. */

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=',
  'base64',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
export const pdfWith = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\n%%EOF\n`, 'latin1');
export const SECRET = 'files-test-signing-secret-0123456789abcdef';

export type Part = { name: string; content: Buffer; field?: string; type?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[], metadata?: string) {
  const boundary = `----planning${randomUUID()}`;
  const chunks: Buffer[] = [];
  if (metadata !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${FILE_LIMITS.metadataField}"\r\n\r\n${metadata}\r\n`,
      ),
    );
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? FILE_LIMITS.field}"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Connections to the real clamd pass through here; `failNext` makes the next ones fail at once,
 * as a scanner that is down does, and `statusesSeen` records the file's status on each later
 * connection (the retry), read from the database as the scan starts.
 */
export async function startFlakyScanner(target: TestClamd) {
  let failNext = 0;
  let onConnect: (() => Promise<void>) | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (failNext > 0) {
      failNext -= 1;
      client.destroy();
      return;
    }
    client.pause();
    // A failing hook must not hang the scan: the test's own expectations tell what it saw.
    void Promise.resolve(onConnect?.())
      .catch(() => undefined)
      .then(() => {
        const upstream = net.connect({ host: target.host, port: target.port });
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    failNextConnections(count: number) {
      failNext = count;
    },
    /** Runs before each connection that goes through (the test reads the file's status there). */
    beforeScans(hook: (() => Promise<void>) | null) {
      onConnect = hook;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
