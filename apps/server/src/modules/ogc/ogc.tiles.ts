import { SITE_TILE } from '@planning/shared';
import type { AppDatabase } from '../../db/database';
import { serveLayerTile } from '../layers/layers.tiles';
import { serveSiteTile, type ServedTile } from '../tiles/tiles.service';
import type { OgcCollection } from './ogc.features';

/** The one tiling scheme we serve: OGC's name for the web map's Web Mercator grid. */
export const WEB_MERCATOR_QUAD = 'WebMercatorQuad';
export const WEB_MERCATOR_QUAD_URI = 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad';
export const TILES_MAX_ZOOM = SITE_TILE.maxZoom;

const HALF_WORLD = 20037508.3427892;

/** The WebMercatorQuad definition (OGC Two Dimensional Tile Matrix Set 2.0), levels 0 to max. */
export function webMercatorQuad() {
  return {
    id: WEB_MERCATOR_QUAD,
    title: 'Google Maps Compatible for the World',
    uri: WEB_MERCATOR_QUAD_URI,
    crs: 'http://www.opengis.net/def/crs/EPSG/0/3857',
    orderedAxes: ['E', 'N'],
    wellKnownScaleSet: 'http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible',
    tileMatrices: Array.from({ length: TILES_MAX_ZOOM + 1 }, (_, z) => {
      const cellSize = (2 * HALF_WORLD) / 256 / 2 ** z;
      return {
        id: String(z),
        // 0.28 mm pixels (OGC's standard rendering pixel).
        scaleDenominator: cellSize / 0.00028,
        cellSize,
        cornerOfOrigin: 'topLeft',
        pointOfOrigin: [-HALF_WORLD, HALF_WORLD],
        tileWidth: 256,
        tileHeight: 256,
        matrixWidth: 2 ** z,
        matrixHeight: 2 ** z,
      };
    }),
  };
}

/**
 * A collection's tile: the sites' own renderer (the same tile as the site map's, clustered when
 * zoomed out) or the layer tile renderer (layers.tiles), each with its cache and ETag.
 */
export function serveCollectionTile(
  database: AppDatabase,
  tenantId: string,
  collection: OgcCollection,
  tile: { z: number; x: number; y: number },
  version: string | null,
): Promise<ServedTile> {
  if (collection.kind === 'sites') {
    return serveSiteTile(
      database,
      tenantId,
      { ...tile, layer: 'sites', filters: [] },
      { version: version ?? undefined },
    );
  }
  return serveLayerTile(database, tenantId, { layerId: collection.layerId, ...tile });
}
