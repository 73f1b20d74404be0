import type * as maplibregl from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  ValidateNotSelfIntersecting,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import turfArea from '@turf/area';
import turfLength from '@turf/length';
import type { Feature, LineString, Point, Polygon } from 'geojson';

// Loaded once the map has started (SiteMap), not before the first sites are drawn: drawing and
// measuring wait for a click, and this is a tenth of the map screen's code.

export type DrawHandlers = {
  /** The length or area being drawn, as shown to the user. */
  onMeasure: (text: string) => void;
  /** A polygon was finished; selfIntersecting when its edges cross (spec 01 §5 'Polygon Error'). */
  onPolygon: (polygon: Polygon, selfIntersecting: boolean) => void;
  /** A point was placed (the draw site point tool). */
  onPoint?: (point: Point) => void;
};

/** The polygon, point and line tools on a loaded map. */
export function startDrawTools(map: maplibregl.Map, handlers: DrawHandlers): TerraDraw {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [new TerraDrawPolygonMode(), new TerraDrawPointMode(), new TerraDrawLineStringMode()],
  });
  draw.start();
  draw.on('change', () => {
    const feature = draw.getSnapshot().at(-1);
    if (feature?.geometry.type === 'LineString')
      handlers.onMeasure(formatLength(feature as Feature<LineString>));
    if (feature?.geometry.type === 'Polygon' && draw.getMode() === 'polygon')
      handlers.onMeasure(formatArea(feature as Feature<Polygon>));
  });
  draw.on('finish', (id) => {
    const feature = draw.getSnapshotFeature(id);
    if (feature?.geometry.type === 'Polygon')
      handlers.onPolygon(feature.geometry as Polygon, !ValidateNotSelfIntersecting(feature).valid);
    if (feature?.geometry.type === 'Point') handlers.onPoint?.(feature.geometry as Point);
  });
  return draw;
}

function formatLength(line: Feature<LineString>): string {
  const metres = turfLength(line, { units: 'meters' });
  return metres >= 1000 ? `${(metres / 1000).toFixed(2)} km` : `${Math.round(metres)} m`;
}

function formatArea(polygon: Feature<Polygon>): string {
  const squareMetres = turfArea(polygon);
  return `${(squareMetres / 10_000).toFixed(2)} ha`;
}
