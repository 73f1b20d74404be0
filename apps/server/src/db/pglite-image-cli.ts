// npm install (postinstall): makes the embedded database's starting image once per machine and
// PGlite build, so the first `npm start` and every test run skip initdb and PostGIS's install.
import { performance } from 'node:perf_hooks';
import { makePgliteImage, pgliteImagePath } from './pglite-image';

const started = performance.now();
const imagePath = pgliteImagePath();
try {
  const outcome = await makePgliteImage(imagePath);
  if (outcome === 'made') {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Embedded database image made in ${seconds} s: ${imagePath}`);
  }
} catch (error) {
  // Not fatal: the first new data folder makes it instead.
  console.warn(
    `Embedded database image not made (${(error as Error).message}); the first start will make it.`,
  );
}
