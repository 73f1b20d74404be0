import type { StyleSpecification } from 'maplibre-gl';
import {
  buildSiteMapStyle,
  HIGHLIGHT_SOURCE,
  NEW_SITE_SOURCE,
  SITE_SOURCE,
} from '../../../shared/sites/map/mapStyle';

/**
 * The base map every staff map draws (the offline land and the council's boundaries), without the
 * sites: a layer's preview shows the layer alone, and asks for no site tiles.
 */
export function previewMapStyle(origin: string): StyleSpecification {
  const style = buildSiteMapStyle({ origin, tileQuery: '', mainColor: '#1d70b8', baseLayer: 'offline' });
  const siteSources = new Set([SITE_SOURCE, HIGHLIGHT_SOURCE, NEW_SITE_SOURCE]);
  return {
    ...style,
    sources: Object.fromEntries(Object.entries(style.sources).filter(([id]) => !siteSources.has(id))),
    layers: style.layers.filter((layer) => !('source' in layer) || !siteSources.has(layer.source)),
  };
}
