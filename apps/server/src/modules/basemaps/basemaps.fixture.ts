import { gzipSync } from 'node:zlib';
import type { Feature, Polygon } from 'geojson';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import {
  encodePmtilesDirectory,
  encodePmtilesHeader,
  PMTILES_HEADER_BYTES,
  zxyToTileId,
  type PmtilesEntry,
} from '@planning/shared';

/** A tile of the archive: one vector layer of polygons given in WGS84. */
export type FixtureTile = { z: number; x: number; y: number; layer: string; polygons: Polygon[] };

/** WGS84 to the tile's own unit square (y down), as the encoder wants its input. */
function toUnitSquare(z: number, x: number, y: number, [lon, lat]: number[]): [number, number] {
  const n = 2 ** z;
  const worldX = ((lon! + 180) / 360) * n;
  const sin = Math.sin((lat! * Math.PI) / 180);
  const worldY = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
  return [worldX - x, worldY - y];
}

export function encodeFixtureTile(tile: FixtureTile): Uint8Array {
  const features: Feature[] = tile.polygons.map((polygon, i) => ({
    type: 'Feature',
    id: i + 1,
    properties: { name: `${tile.layer} ${i + 1}` },
    geometry: {
      type: 'Polygon',
      coordinates: polygon.coordinates.map((ring) =>
        ring.map((p) => toUnitSquare(tile.z, tile.x, tile.y, p)),
      ),
    },
  }));
  const encoded = geoJSONToTile({ type: 'FeatureCollection', features }, 0, 0, 0, {
    coordinates: 'unitSquare',
    extent: 4096,
    buffer: 64,
    clip: true,
    wrap: false,
    tolerance: 0,
  });
  if (!encoded) throw new Error('empty fixture tile');
  return fromGeojsonVt({ [tile.layer]: encoded }, { version: 2, extent: 4096 });
}

/**
 * A PMTiles v3 archive written by hand, as the spec lays it out: header, gzipped root directory,
 * gzipped JSON metadata, then the tiles (gzipped MVT) in tile id order. Tests make their own base
 * maps with it rather than keeping a binary fixture.
 */
export function writePmtilesArchive(
  tiles: FixtureTile[],
  metadata: Record<string, unknown> = {},
): { bytes: Buffer; tileBytes: Map<string, Buffer> } {
  const sorted = tiles
    .map((tile) => ({
      tile,
      id: zxyToTileId(tile.z, tile.x, tile.y),
      data: gzipSync(encodeFixtureTile(tile)),
    }))
    .sort((a, b) => a.id - b.id);
  const entries: PmtilesEntry[] = [];
  let offset = 0;
  for (const { id, data } of sorted) {
    entries.push({ tileId: id, offset, length: data.length, runLength: 1 });
    offset += data.length;
  }
  const root = gzipSync(encodePmtilesDirectory(entries));
  const layers = [...new Set(tiles.map((tile) => tile.layer))];
  const meta = gzipSync(
    JSON.stringify({ vector_layers: layers.map((id) => ({ id, fields: { name: 'String' } })), ...metadata }),
  );
  const tileData = Buffer.concat(sorted.map((tile) => tile.data));
  const zooms = tiles.map((tile) => tile.z);
  const header = encodePmtilesHeader({
    rootDirectoryOffset: PMTILES_HEADER_BYTES,
    rootDirectoryLength: root.length,
    metadataOffset: PMTILES_HEADER_BYTES + root.length,
    metadataLength: meta.length,
    leafDirectoryOffset: PMTILES_HEADER_BYTES + root.length + meta.length,
    leafDirectoryLength: 0,
    tileDataOffset: PMTILES_HEADER_BYTES + root.length + meta.length,
    tileDataLength: tileData.length,
    addressedTiles: entries.length,
    tileEntries: entries.length,
    tileContents: entries.length,
    clustered: true,
    internalCompression: 'gzip',
    tileCompression: 'gzip',
    tileType: 'mvt',
    minZoom: Math.min(...zooms),
    maxZoom: Math.max(...zooms),
    bounds: [-180, -85, 180, 85],
    centerZoom: 0,
    center: [0, 0],
  });
  const tileBytes = new Map(sorted.map(({ tile, data }) => [`${tile.z}/${tile.x}/${tile.y}`, data]));
  return { bytes: Buffer.concat([header, root, meta, tileData]), tileBytes };
}

/** A square polygon from west/south to east/north, in degrees. */
export function box(west: number, south: number, east: number, north: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}
