// GDAL (gdal3.js, WebAssembly) in a worker thread: ogr2ogr runs synchronously inside the wasm
// module, seconds for large exports and imports, and must not stall the server's event loop meanwhile.
// Plain JavaScript so it loads the same under tsx, vitest and node without a TypeScript loader.
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** @type {(config: object) => Promise<any>} */
const initGdalJs = require('gdal3.js/node.js');

// gdal3.js reads its .data file relative to the working directory ("./" + path).
const packageDir = path.dirname(require.resolve('gdal3.js/package.json'));
const gdalPath = path.relative(process.cwd(), path.join(packageDir, 'dist', 'package'));

/** @type {string[]} */
let warnings = [];
const gdalReady = initGdalJs({
  path: gdalPath || '.',
  useWorker: false,
  // Every output lands in this folder (mounted into the wasm file system once, at start).
  dest: workerData.outputDir,
  logHandler: () => {},
  errorHandler: (text) => {
    if (warnings.length < 50) warnings.push(String(text).trim());
  },
});

// One task at a time: gdal3.js keeps one mounted input folder.
let queue = Promise.resolve();

parentPort.on('message', (message) => {
  queue = queue.then(() => run(message));
});

/**
 * @param {{ id: number, op?: 'ogr2ogr' | 'info', input: string, outputName?: string, args?: string[],
 *   openOptions?: string[], vfs?: string[] }} message
 */
async function run({ id, op = 'ogr2ogr', input, outputName, args = [], openOptions = [], vfs = [] }) {
  warnings = [];
  try {
    const Gdal = await gdalReady;
    // vfs ['vsizip'] opens '/vsizip//input/<file>' (a path inside the zip may follow the file name).
    const opened = await Gdal.open(input, openOptions, vfs);
    const dataset = opened.datasets[0];
    if (!dataset) {
      const reasons = opened.errors.map((error) =>
        error && error.message ? error.message.trim() : String(error),
      );
      throw new Error(
        `GDAL could not open ${path.basename(input)}: ${reasons.join('; ') || 'no driver recognised it'}`,
      );
    }
    try {
      if (op === 'info') {
        // ogrinfo -json: layers, feature counts, fields, geometry types, extents and CRS.
        const info = await Gdal.ogrinfo(dataset, ['-so', '-al']);
        parentPort.postMessage({ id, info, warnings });
        return;
      }
      const output = await Gdal.ogr2ogr(dataset, args, outputName);
      const files = (output.all ?? [output]).map((file) => file.real);
      parentPort.postMessage({ id, files, warnings });
    } finally {
      await Gdal.close(dataset);
    }
  } catch (error) {
    const text =
      error instanceof Error
        ? error.message
        : error && error.message
          ? String(error.message)
          : JSON.stringify(error);
    parentPort.postMessage({ id, error: text.trim(), warnings });
  }
}
