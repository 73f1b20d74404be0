import * as maplibregl from 'maplibre-gl';
import { FetchSource, PMTiles, Protocol } from 'pmtiles';

/**
 * MapLibre's `pmtiles://` protocol, from the `pmtiles` package: a source's tiles are
 * `pmtiles://{archive URL}/{z}/{x}/{y}`, and each tile is found in the archive by HTTP range
 * requests (header and root directory, a leaf directory if need be, then the tile's bytes), with
 * the package's caching, ETag checks and decompression. No tile server is needed.
 */
export const PMTILES_PROTOCOL = 'pmtiles';

const protocol = new Protocol();
/** The headers each archive was opened with, so a change (another council) opens it afresh. */
const openedWith = new Map<string, string>();
let registered = false;

/** The tile address template of an archive, for a source's `tiles`. */
export function pmtilesTilesUrl(archiveUrl: string): string {
  return `${PMTILES_PROTOCOL}://${archiveUrl}/{z}/{x}/{y}`;
}

/** Registers the protocol with MapLibre, once. */
export function registerPmtilesProtocol(): void {
  if (registered) return;
  registered = true;
  maplibregl.addProtocol(PMTILES_PROTOCOL, protocol.tile);
}

/**
 * Readies an archive before a source names it. Without this the package would fetch it with no
 * headers; our API wants the council's header with the session cookie on every range.
 */
export function openPmtilesArchive(archiveUrl: string, headers: Record<string, string>): void {
  const key = JSON.stringify(headers);
  if (openedWith.get(archiveUrl) === key && protocol.get(archiveUrl)) return;
  openedWith.set(archiveUrl, key);
  protocol.add(new PMTiles(new FetchSource(archiveUrl, new Headers(headers), 'same-origin')));
}
