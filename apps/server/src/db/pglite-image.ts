import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { postgis } from '@electric-sql/pglite-postgis';

/**
 * An empty embedded database with PostGIS installed, kept as PGlite's own data-folder dump (a
 * gzipped tar) so that a new data folder starts from it: creating one from nothing runs initdb and
 * PostGIS's install script inside WebAssembly (8 s and 6 s on a 2-core machine), loading the dump
 * takes under 4. Made once per machine and per PGlite and PostGIS build (`npm install` makes it,
 * or the first new data folder does), in node_modules/.cache where those builds live.
 */
const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  // Walk up from the package's entry to its package.json ("exports" hides the file itself).
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const defaultCacheDir = () =>
  process.env.PGLITE_IMAGE_DIR ??
  path.resolve(import.meta.dirname, '../../../../node_modules/.cache/planning-platform');

/** The image's file for the installed PGlite and PostGIS builds. */
export function pgliteImagePath(cacheDir = defaultCacheDir()): string {
  const versions = `${packageVersion('@electric-sql/pglite')}-postgis-${packageVersion('@electric-sql/pglite-postgis')}`;
  return path.join(cacheDir, `pglite-${versions}.tar.gz`);
}

// pg_trgm ships inside PGlite; loaded with PostGIS at every start, created by migration 0050.
export const pgliteExtensions = { postgis, pg_trgm };
const options = { extensions: pgliteExtensions };

/** PostgreSQL's own mark of an initialised data folder (others may keep files beside it). */
const isNewFolder = (dataDir: string) => !existsSync(path.join(dataDir, 'PG_VERSION'));

/** Installs PostGIS and keeps the image (written whole, then renamed: never half a file). */
async function installAndKeep(pglite: PGlite, imagePath: string): Promise<void> {
  await pglite.exec('create extension if not exists postgis');
  const image = await pglite.dumpDataDir('gzip');
  await mkdir(path.dirname(imagePath), { recursive: true });
  const partial = `${imagePath}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await rename(partial, imagePath);
}

/** The kept image, checked whole before use; a damaged one is removed (and made again). */
async function readImage(imagePath: string): Promise<Buffer | null> {
  if (!existsSync(imagePath)) return null;
  const image = await readFile(imagePath);
  try {
    gunzipSync(image);
    return image;
  } catch {
    await rm(imagePath, { force: true });
    return null;
  }
}

/** Makes the image in memory (npm install runs this), unless this machine has it already. */
export async function makePgliteImage(imagePath = pgliteImagePath()): Promise<'made' | 'present'> {
  if (existsSync(imagePath)) return 'present';
  const pglite = await PGlite.create(options);
  try {
    await installAndKeep(pglite, imagePath);
    return 'made';
  } finally {
    await pglite.close();
  }
}

/**
 * Opens the embedded database in `dataDir`; a folder that holds none yet starts from the image,
 * made first when this machine has none. A damaged image is made again.
 */
export async function openPglite(dataDir: string, imagePath = pgliteImagePath()): Promise<PGlite> {
  if (!isNewFolder(dataDir)) return PGlite.create(dataDir, options);
  const image = await readImage(imagePath);
  if (image) return PGlite.create(dataDir, { ...options, loadDataDir: new Blob([new Uint8Array(image)]) });
  const pglite = await PGlite.create(dataDir, options);
  // Keeping the image is a saving for next time, never a reason not to start.
  await installAndKeep(pglite, imagePath).catch(() => undefined);
  return pglite;
}
