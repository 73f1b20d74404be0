import type * as maplibregl from 'maplibre-gl';
import { TerraDraw, TerraDrawPolygonMode, TerraDrawSelectMode, type GeoJSONStoreFeatures } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import turfArea from '@turf/area';
import type { Polygon } from 'geojson';
import { formatArea, roundedPolygon, type PolygonRings } from './boundaryRules';

type FeatureId = string | number;

export const BOUNDARY_COLOUR = '#1d70b8';
const EDIT_COLOUR = '#f47738';

export type BoundaryDrawHandlers = {
  /** The area of the outline being drawn ('2.35 ha'), or null when none is. */
  onMeasure: (text: string | null) => void;
  /** An outline was finished (its edges may cross: the caller checks). */
  onPolygon: (polygon: PolygonRings) => void;
  /** A corner was moved, added or removed: every area as it now is, in the order given to edit(). */
  onEdited: (polygons: PolygonRings[]) => void;
};

export type BoundaryDrawing = {
  /** Polygon drawing on (anything half drawn is dropped). */
  draw: () => void;
  /** The areas, loaded to have their corners dragged; false when the library refuses one. */
  edit: (polygons: readonly PolygonRings[]) => boolean;
  /** Back to looking: nothing drawn or selected. */
  stop: () => void;
  destroy: () => void;
};

const asPolygon = (feature: GeoJSONStoreFeatures | undefined): PolygonRings | null =>
  feature?.geometry.type === 'Polygon' ? ((feature.geometry as Polygon).coordinates as PolygonRings) : null;

/**
 * terra-draw's polygon mode (click the corners; the first corner, a double click or Enter
 * finishes, Escape drops it) and select mode with draggable corners, on a loaded map. Finished
 * outlines are handed over and taken off the drawing layer: the map draws the value itself.
 */
export function startBoundaryDraw(map: maplibregl.Map, handlers: BoundaryDrawHandlers): BoundaryDrawing {
  const draw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [
      new TerraDrawPolygonMode({
        styles: {
          fillColor: BOUNDARY_COLOUR,
          fillOpacity: 0.25,
          outlineColor: BOUNDARY_COLOUR,
          outlineWidth: 3,
          closingPointColor: '#ffffff',
          closingPointOutlineColor: '#0b0c0c',
          closingPointWidth: 6,
          closingPointOutlineWidth: 2,
        },
      }),
      new TerraDrawSelectMode({
        // Corners are dragged (a midpoint adds one, a right click takes one away); the area itself
        // stays where it is, and an edge may not be dragged across another.
        flags: {
          polygon: {
            feature: {
              draggable: false,
              selfIntersectable: false,
              coordinates: { draggable: true, midpoints: true, deletable: true },
            },
          },
        },
        // Escape is the map's own (it ends editing); Delete would drop a whole area unasked.
        keyEvents: { deselect: null, delete: null, rotate: null, scale: null },
        styles: {
          selectedPolygonColor: EDIT_COLOUR,
          selectedPolygonFillOpacity: 0.25,
          selectedPolygonOutlineColor: EDIT_COLOUR,
          selectedPolygonOutlineWidth: 3,
          selectionPointColor: '#ffffff',
          selectionPointOutlineColor: '#0b0c0c',
          selectionPointWidth: 7,
          selectionPointOutlineWidth: 2,
          midPointColor: EDIT_COLOUR,
          midPointWidth: 4,
        },
      }),
    ],
  });
  draw.start();
  // The areas being edited, in the order the caller gave them.
  let editing: FeatureId[] = [];

  // terra-draw turns double-click zoom back on as it leaves a mode; the double click that finished
  // an outline is still on its way then, and must not zoom the map. The map never zooms on one.
  const setMode = (mode: 'static' | 'polygon' | 'select') => {
    draw.setMode(mode);
    map.doubleClickZoom.disable();
  };

  draw.on('change', () => {
    if (draw.getMode() !== 'polygon') return;
    const polygon = draw
      .getSnapshot()
      .map(asPolygon)
      .filter((rings) => rings !== null)
      .at(-1);
    handlers.onMeasure(polygon ? formatArea(turfArea({ type: 'Polygon', coordinates: polygon })) : null);
  });

  draw.on('finish', (id, context) => {
    if (context.mode === 'polygon') {
      const polygon = asPolygon(draw.getSnapshotFeature(id));
      draw.removeFeatures([id]);
      handlers.onMeasure(null);
      if (polygon) handlers.onPolygon(polygon);
      return;
    }
    if (context.mode === 'select') {
      const polygons = editing
        .map((featureId) => asPolygon(draw.getSnapshotFeature(featureId)))
        .filter((polygon): polygon is PolygonRings => polygon !== null);
      handlers.onEdited(polygons);
    }
  });

  const reset = () => {
    setMode('static');
    draw.clear();
    editing = [];
    handlers.onMeasure(null);
  };

  return {
    draw: () => {
      reset();
      setMode('polygon');
    },
    edit: (polygons) => {
      reset();
      const results = draw.addFeatures(
        polygons.map((polygon) => ({
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: roundedPolygon(polygon) },
          properties: { mode: 'polygon' },
        })),
      );
      if (results.some((result) => !result.valid)) {
        draw.clear();
        return false;
      }
      editing = results.map((result) => result.id!);
      setMode('select');
      // One area: selected at once, its corners ready to drag.
      if (editing.length === 1) draw.selectFeature(editing[0]!);
      return true;
    },
    stop: reset,
    destroy: () => {
      editing = [];
      draw.stop();
    },
  };
}
