import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { API_BASE_PATH, vectorBaseMapColour, type PmtilesBaseMap, type XyzBaseMap } from '@planning/shared';
import { getStoredTenantName } from '../../api/tenantStorage';
import { openPmtilesArchive, pmtilesTilesUrl } from './pmtilesProtocol';

/** The council's header on our API's requests, as every call sends it. */
export function councilHeaders(): Record<string, string> {
  const tenant = getStoredTenantName();
  return tenant ? { 'X-Tenant': tenant } : {};
}

/** Our own API: send the council and the session with every tile and GeoJSON request a map makes. */
export function apiTransformRequest(origin: string) {
  return (url: string): { url: string; credentials?: 'same-origin'; headers?: Record<string, string> } => {
    if (!url.startsWith(`${origin}${API_BASE_PATH}`)) return { url };
    return { url, credentials: 'same-origin', headers: councilHeaders() };
  };
}

/**
 * The source and layers that draw one of the council's PMTiles archives or XYZ services, with
 * ids under `prefix`: the site maps' Base map menu and the base maps admin's preview draw them
 * the same way. An archive is opened for the `pmtiles://` protocol here.
 */
export function councilBaseMapLayers(
  choice: PmtilesBaseMap | XyzBaseMap,
  origin: string,
  prefix: string,
): { source: string; specification: SourceSpecification; layers: LayerSpecification[] } {
  const source = `${prefix}${choice.id}`;
  if (choice.kind === 'xyz') {
    // Through our server, which holds the service's address and key.
    return {
      source,
      specification: {
        type: 'raster',
        tiles: [`${origin}${API_BASE_PATH}${choice.path}`],
        tileSize: choice.tileSize,
        maxzoom: choice.maxZoom,
        attribution: choice.attribution,
      },
      layers: [{ id: `${source}:raster`, type: 'raster', source }],
    };
  }
  const archiveUrl = `${origin}${API_BASE_PATH}${choice.path}`;
  openPmtilesArchive(archiveUrl, councilHeaders());
  const common = {
    tiles: [pmtilesTilesUrl(archiveUrl)],
    minzoom: choice.minZoom,
    maxzoom: choice.maxZoom,
    bounds: choice.bounds,
    ...(choice.attribution ? { attribution: choice.attribution } : {}),
  };
  if (choice.tileType !== 'mvt')
    return {
      source,
      specification: { type: 'raster', tileSize: 256, ...common },
      layers: [{ id: `${source}:raster`, type: 'raster', source }],
    };
  // An archive brings no style of its own: each layer is filled and outlined in a colour its name
  // suggests (water blue, woods green, roads white), polygons first so lines draw over them.
  const layers: LayerSpecification[] = [];
  for (const layer of choice.vectorLayers) {
    layers.push({
      id: `${source}:fill:${layer}`,
      type: 'fill',
      source,
      'source-layer': layer,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': vectorBaseMapColour(layer).fill },
    });
  }
  for (const layer of choice.vectorLayers) {
    layers.push({
      id: `${source}:line:${layer}`,
      type: 'line',
      source,
      'source-layer': layer,
      paint: { 'line-color': vectorBaseMapColour(layer).line, 'line-width': 1 },
    });
  }
  return { source, specification: { type: 'vector', ...common }, layers };
}
