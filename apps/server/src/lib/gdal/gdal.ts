import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

type Reply = { id: number; files?: string[]; info?: unknown; error?: string; warnings: string[] };
type Pending = { resolve: (reply: Reply) => void; reject: (error: Error) => void };

/** How GDAL opens the input: driver open options (CSV column names) and virtual file systems. */
export type GdalOpen = {
  /** `-oo` style options, e.g. `X_POSSIBLE_NAMES=easting`. */
  openOptions?: string[];
  /** Virtual file system handlers: `['vsizip']` reads a zip without unpacking it. */
  vfs?: string[];
};

/** A GDAL failure with its message (which names the file or layer it could not read). */
export class GdalError extends Error {
  override name = 'GdalError';
  constructor(
    message: string,
    readonly warnings: string[],
  ) {
    super(message);
  }
}

/**
 * ogr2ogr through gdal3.js, started once per process on first use and reused (about 0.4–1 s to
 * start, ~250 MB), for data exports and geodata imports. It runs in a worker thread
 * (gdal-worker.mjs) so a conversion of many thousand features does not block requests; tasks
 * queue there one at a time.
 */
class GdalRunner {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Every converted file is written here (gdal3.js mounts one output folder at start). */
  readonly outputDir = path.join(os.tmpdir(), `planning-gdal-${process.pid}`);

  /** ogr2ogr `input` to `outputName` (in `outputDir`, GDAL adds the extension); resolves with the files written. */
  async ogr2ogr(input: string, outputName: string, args: string[], open: GdalOpen = {}): Promise<string[]> {
    const reply = await this.send({ op: 'ogr2ogr', input, outputName, args, ...open });
    return reply.files ?? [];
  }

  /** ogrinfo -json -so -al: the dataset's layers with their feature counts, fields, extents and CRS. */
  async info(input: string, open: GdalOpen = {}): Promise<{ info: unknown; warnings: string[] }> {
    const reply = await this.send({ op: 'info', input, ...open });
    return { info: reply.info, warnings: reply.warnings };
  }

  private async send(message: Record<string, unknown>): Promise<Reply> {
    const worker = await this.start();
    const id = this.nextId++;
    // Held while converting (a script awaiting it must not exit), let go when idle.
    worker.ref();
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  private async start(): Promise<Worker> {
    if (this.worker) return this.worker;
    await mkdir(this.outputDir, { recursive: true });
    const worker = new Worker(new URL('./gdal-worker.mjs', import.meta.url), {
      workerData: { outputDir: this.outputDir },
    });
    // Idle, it must not keep the process alive (tests, scripts, shutdown).
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error === undefined) waiting.resolve(reply);
      else waiting.reject(new GdalError(`GDAL: ${reply.error || 'conversion failed'}`, reply.warnings));
    });
    const fail = (error: Error) => {
      // A crashed wasm module is not reused: the next export starts a fresh one.
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`GDAL worker stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Stops the worker (process shutdown, tests). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

export const gdal = new GdalRunner();
