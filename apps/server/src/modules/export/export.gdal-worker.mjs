// GDAL (gdal3.js, WebAssembly) in a worker thread: ogr2ogr runs synchronously inside the wasm
// module, seconds for large exports, and must not stall the server's event loop meanwhile.
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
    if (warnings.length < 50) warnings.push(String(text));
  },
});

// One conversion at a time: gdal3.js keeps one mounted input folder.
let queue = Promise.resolve();

parentPort.on('message', (message) => {
  queue = queue.then(() => convert(message));
});

/** @param {{ id: number, input: string, outputName: string, args: string[] }} message */
async function convert({ id, input, outputName, args }) {
  warnings = [];
  try {
    const Gdal = await gdalReady;
    const opened = await Gdal.open(input);
    const dataset = opened.datasets[0];
    if (!dataset) throw new Error(`GDAL could not open the export's rows: ${opened.errors.join('; ')}`);
    try {
      const output = await Gdal.ogr2ogr(dataset, args, outputName);
      const files = (output.all ?? [output]).map((file) => file.real);
      parentPort.postMessage({ id, files, warnings });
    } finally {
      await Gdal.close(dataset);
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : JSON.stringify(error);
    parentPort.postMessage({ id, error: text, warnings });
  }
}
