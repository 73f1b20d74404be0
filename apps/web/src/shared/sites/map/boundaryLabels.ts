import type * as maplibregl from 'maplibre-gl';
import { boundaryLabelsSchema, type BoundaryLabels } from '@planning/shared';
import { api } from '../../../api/client';
import './baseMap.css';

/** From which zoom each kind of area is named: wards first, the smaller areas closer in. */
const MIN_ZOOM = { ward: 10, parish: 12, neighbourhood: 13 } as const;

export function fetchBoundaryLabels(signal?: AbortSignal) {
  return api.get<BoundaryLabels>('/basemaps/labels', boundaryLabelsSchema, { signal });
}

/**
 * Names of the council's wards, parishes and neighbourhoods on the offline map, as HTML over the
 * canvas. MapLibre draws text only from glyph files (PBF per font and code range), fetched from a
 * font server the offline map cannot reach, and nothing installed here makes them (no fontnik,
 * no font tooling in node_modules); a few dozen names are cheap as positioned elements, use the
 * page's own font, and scale with the user's text size. They are decoration for sighted users
 * (the same names are in the filters and the site pages): hidden from assistive technology.
 */
export function showBoundaryLabels(map: maplibregl.Map, labels: BoundaryLabels): () => void {
  const layer = document.createElement('div');
  layer.className = 'map-labels';
  layer.setAttribute('aria-hidden', 'true');
  map.getCanvasContainer().appendChild(layer);
  const items = labels.features.map((feature) => {
    const element = document.createElement('span');
    element.className = `map-label map-label--${feature.properties.kind}`;
    element.textContent = feature.properties.name;
    layer.appendChild(element);
    return { element, feature };
  });
  const place = () => {
    const zoom = map.getZoom();
    const { width, height } = map.getContainer().getBoundingClientRect();
    for (const { element, feature } of items) {
      const point = map.project(feature.geometry.coordinates);
      const shown =
        zoom >= MIN_ZOOM[feature.properties.kind] &&
        point.x > -100 &&
        point.y > -20 &&
        point.x < width + 100 &&
        point.y < height + 20;
      element.hidden = !shown;
      if (shown) element.style.transform = `translate(${point.x}px, ${point.y}px) translate(-50%, -50%)`;
    }
  };
  place();
  map.on('move', place);
  map.on('resize', place);
  return () => {
    map.off('move', place);
    map.off('resize', place);
    layer.remove();
  };
}
