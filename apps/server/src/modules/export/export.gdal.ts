import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

type Reply = { id: number; files?: string[]; error?: string; warnings: string[] };
type Pending = { resolve: (files: string[]) => void; reject: (error: Error) => void };

/**
 * ogr2ogr through gdal3.js, started once per process on first use and reused (about 0.4–1 s to
 * start, ~250 MB). It runs in a worker thread (export.gdal-worker.mjs) so a conversion of many
 * thousand sites does not block requests; conversions queue there one at a time.
 */
class GdalRunner {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Every converted file is written here (gdal3.js mounts one output folder at start). */
  readonly outputDir = path.join(os.tmpdir(), `planning-gdal-${process.pid}`);

  async ogr2ogr(input: string, outputName: string, args: string[]): Promise<string[]> {
    const worker = await this.start();
    const id = this.nextId++;
    // Held while converting (a script awaiting it must not exit), let go when idle.
    worker.ref();
    return new Promise<string[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, input, outputName, args });
    });
  }

  private async start(): Promise<Worker> {
    if (this.worker) return this.worker;
    await mkdir(this.outputDir, { recursive: true });
    const worker = new Worker(new URL('./export.gdal-worker.mjs', import.meta.url), {
      workerData: { outputDir: this.outputDir },
    });
    // Idle, it must not keep the process alive (tests, scripts, shutdown).
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.files) waiting.resolve(reply.files);
      else waiting.reject(new Error(`GDAL: ${reply.error ?? 'conversion failed'}`));
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
