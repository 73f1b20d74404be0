import * as maplibregl from 'maplibre-gl';
import {
  findPmtilesEntry,
  parsePmtilesDirectory,
  parsePmtilesHeader,
  PMTILES_FIRST_BYTES,
  zxyToTileId,
  type PmtilesCompression,
  type PmtilesEntry,
  type PmtilesHeader,
} from '@planning/shared';

/**
 * MapLibre's `pmtiles://` protocol: a source's tiles are `pmtiles://{archive URL}/{z}/{x}/{y}`,
 * and each tile is found in the archive by HTTP range requests (the header and root directory in
 * the first 16 KiB, a leaf directory if need be, then the tile's bytes). No tile server is needed.
 *
 * This stands in for the npm package `pmtiles` (its `Protocol` class does the same, with more
 * care for ETag changes mid-session and zstd), which is not installed here: replace this file
 * with `maplibregl.addProtocol('pmtiles', new Protocol().tile)` once it is. The archive format is
 * read by the shared, tested functions in packages/shared/src/basemaps/pmtiles.ts.
 */
export const PMTILES_PROTOCOL = 'pmtiles';

type Archive = { header: PmtilesHeader; root: PmtilesEntry[] };
type RangeFetcher = (url: string, offset: number, length: number, signal: AbortSignal) => Promise<Uint8Array>;

const archives = new Map<string, Promise<Archive>>();
const leaves = new Map<string, Promise<PmtilesEntry[]>>();
let registered = false;

/** The tile address template of an archive, for a source's `tiles`. */
export function pmtilesTilesUrl(archiveUrl: string): string {
  return `${PMTILES_PROTOCOL}://${archiveUrl}/{z}/{x}/{y}`;
}

/**
 * Registers the protocol once. `fetchBytes` asks for one byte range of an archive (the app's API
 * client, which sends the council and the session); a server that ignores Range and answers the
 * whole archive still works, as only the part asked for is kept.
 */
export function registerPmtilesProtocol(
  fetchBytes: (
    url: string,
    range: string,
    signal: AbortSignal,
  ) => Promise<{ status: number; bytes: Uint8Array }>,
): void {
  if (registered) return;
  registered = true;
  const fetchRange: RangeFetcher = async (url, offset, length, signal) => {
    const { status, bytes } = await fetchBytes(url, `bytes=${offset}-${offset + length - 1}`, signal);
    return status === 200 ? bytes.subarray(offset, offset + length) : bytes;
  };
  maplibregl.addProtocol(PMTILES_PROTOCOL, async (params, abortController) => {
    const match = /^pmtiles:\/\/(.+)\/(\d+)\/(\d+)\/(\d+)$/.exec(params.url);
    if (!match) throw new Error(`not a pmtiles tile address: ${params.url}`);
    const [, url = '', z, x, y] = match;
    const data = await readTile(url, Number(z), Number(x), Number(y), fetchRange, abortController.signal);
    // An empty vector tile draws nothing, as a tile outside the archive should.
    return { data: data ?? new Uint8Array(0) };
  });
}

async function decompress(bytes: Uint8Array, compression: PmtilesCompression): Promise<Uint8Array> {
  if (compression === 'none' || compression === 'unknown') return bytes;
  if (compression !== 'gzip') throw new Error(`${compression} is not supported in this browser reader`);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function openArchive(url: string, fetchRange: RangeFetcher): Promise<Archive> {
  let archive = archives.get(url);
  if (!archive) {
    archive = (async () => {
      // Not the tile's own signal: the header is shared by every later tile.
      const first = await fetchRange(url, 0, PMTILES_FIRST_BYTES, new AbortController().signal);
      const header = parsePmtilesHeader(first);
      const rootBytes = first.subarray(
        header.rootDirectoryOffset,
        header.rootDirectoryOffset + header.rootDirectoryLength,
      );
      return { header, root: parsePmtilesDirectory(await decompress(rootBytes, header.internalCompression)) };
    })();
    archive.catch(() => archives.delete(url));
    archives.set(url, archive);
  }
  return archive;
}

async function readTile(
  url: string,
  z: number,
  x: number,
  y: number,
  fetchRange: RangeFetcher,
  signal: AbortSignal,
): Promise<Uint8Array | null> {
  const { header, root } = await openArchive(url, fetchRange);
  if (z < header.minZoom || z > header.maxZoom) return null;
  const tileId = zxyToTileId(z, x, y);
  let entries = root;
  // Leaf directories nest at most a few deep (the spec's writers use one level).
  for (let depth = 0; depth < 4; depth += 1) {
    const entry = findPmtilesEntry(entries, tileId);
    if (!entry) return null;
    if (entry.runLength > 0) {
      const bytes = await fetchRange(url, header.tileDataOffset + entry.offset, entry.length, signal);
      return decompress(bytes, header.tileCompression);
    }
    const key = `${url}#${entry.offset}`;
    let leaf = leaves.get(key);
    if (!leaf) {
      leaf = fetchRange(
        url,
        header.leafDirectoryOffset + entry.offset,
        entry.length,
        new AbortController().signal,
      )
        .then((bytes) => decompress(bytes, header.internalCompression))
        .then(parsePmtilesDirectory);
      leaf.catch(() => leaves.delete(key));
      leaves.set(key, leaf);
    }
    entries = await leaf;
  }
  return null;
}
