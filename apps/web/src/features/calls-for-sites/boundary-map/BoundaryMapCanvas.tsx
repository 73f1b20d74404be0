import { useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox } from 'antd';
import { DeleteOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, LngLatBoundsLike, StyleSpecification } from 'maplibre-gl';
import type { Geometry } from 'geojson';
import type { Place } from '@planning/shared';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../../../components/map/maplibreWorker';
import { apiTransformRequest } from '../../../components/map/councilBaseMapLayers';
import { useMediaQuery } from '../../../components/useMediaQuery';
import { TenantContext } from '../../../platform/tenant/TenantContext';
import { boundsOf } from '../../../shared/documents/map/documentMapRules';
import { fetchLayerTree, layerQueryKeys } from '../../../shared/layers/api';
import { keyColour } from '../../../shared/layers/layerMapStyle';
import { useGeodataLayers } from '../../../shared/layers/useGeodataLayers';
import { baseColours, DEFAULT_CENTRE, MAP } from '../../../shared/sites/map/mapStyle';
import { editedBoundaryProblem, drawnPolygonProblem } from './boundaryChecks';
import { BOUNDARY_COLOUR, startBoundaryDraw, type BoundaryDrawing } from './boundaryDraw';
import {
  boundaryMessages,
  formatArea,
  hasHoles,
  polygonsOf,
  shapeOf,
  withPolygon,
  type BoundaryShape,
} from './boundaryRules';
import type { BoundaryMapProps } from './BoundaryMap';
import { PlaceSearch } from './PlaceSearch';
import { cameraFor } from './placeSearchRules';

const FIT_PADDING = 40;
const FIT_MAX_ZOOM = 17;
const SOURCE = 'boundary';
const FILL = 'boundary-fill';
const LINE = 'boundary-line';
const EMPTY = { type: 'FeatureCollection' as const, features: [] };

type Mode = 'idle' | 'drawing' | 'editing';

/** The boundary as the map's source data. */
const boundaryData = (value: BoundaryShape | null) =>
  value
    ? {
        type: 'FeatureCollection' as const,
        features: [{ type: 'Feature' as const, geometry: value as Geometry, properties: {} }],
      }
    : EMPTY;

/**
 * The public document map's base (Natural Earth land shipped with the product: nothing fetched
 * from another site, no sign-in), then the boundary: a fill and an outline over the public layers.
 */
function boundaryMapStyle(origin: string, value: BoundaryShape | null): StyleSpecification {
  const colours = baseColours('offline');
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: `${origin}/basemap/land.json`, attribution: 'Natural Earth' },
      [SOURCE]: { type: 'geojson', data: boundaryData(value) },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.background } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      {
        id: FILL,
        type: 'fill',
        source: SOURCE,
        paint: { 'fill-color': BOUNDARY_COLOUR, 'fill-opacity': 0.25 },
      },
      { id: LINE, type: 'line', source: SOURCE, paint: { 'line-color': BOUNDARY_COLOUR, 'line-width': 3 } },
    ],
  };
}

/**
 * Issue 27: a site's boundary drawn on the map (Draw boundary: click the corners), its corners
 * moved (Edit boundary) or removed, over the council's public layers the call shows. Loaded
 * lazily by BoundaryMap with MapLibre and terra-draw.
 */
export default function BoundaryMapCanvas({
  value,
  onChange,
  layerIds = [],
  label,
  describedBy,
  footer,
}: BoundaryMapProps & { describedBy: string; footer: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [ready, setReady] = useState(false);
  const [mode, setMode] = useState<Mode>('idle');
  const [measure, setMeasure] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const drawing = useRef<BoundaryDrawing | null>(null);
  const hintId = useId();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // The council's own place on the map, when it has one (the public pages are inside TenantGate).
  const home = useContext(TenantContext)?.tenant.locationLonLat ?? DEFAULT_CENTRE;

  // What the map's handlers read, current after each render, so they need no rebinding.
  const current = useRef({ value, onChange, reducedMotion });
  useEffect(() => {
    current.current = { value, onChange, reducedMotion };
  });
  // The value this map last gave: any other is new from outside (a file read, a draft loaded).
  const [own, setOwn] = useState<BoundaryShape | null>(value);
  const [seen, setSeen] = useState<BoundaryShape | null>(value);
  if (seen !== value) {
    setSeen(value);
    // Corners being moved of a boundary that has just been replaced: editing ends.
    if (value !== own && mode === 'editing') setMode('idle');
  }
  const emit = (next: BoundaryShape | null) => {
    setOwn(next);
    current.current.onChange(next);
  };

  // The call's layers by id (a new list of the same ids, as a form renders, changes nothing).
  const wanted = layerIds.join(',');
  const tree = useQuery({
    queryKey: layerQueryKeys.tree('public'),
    queryFn: ({ signal }) => fetchLayerTree('public', signal),
    enabled: wanted !== '',
  });
  const layers = useMemo(() => {
    const ids = new Set(wanted.split(','));
    return (tree.data?.groups ?? []).flatMap((group) => group.layers).filter((layer) => ids.has(layer.id));
  }, [tree.data, wanted]);
  const shown = useMemo(
    () => new Set(layers.filter((layer) => !hidden.has(layer.id)).map((layer) => layer.id)),
    [layers, hidden],
  );
  useGeodataLayers(map, ready, layers, shown, FILL, 'public');

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    const start = boundsOf([current.current.value]);
    const created = new maplibregl.Map({
      container: container.current,
      style: boundaryMapStyle(origin, current.current.value),
      ...(start
        ? {
            bounds: start as LngLatBoundsLike,
            fitBoundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM },
          }
        : { center: home, zoom: MAP.defaultZoom }),
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
      // In a long form: the page scrolls on, and Ctrl (or two fingers) moves the map.
      cooperativeGestures: true,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      doubleClickZoom: false,
      attributionControl: { compact: true },
      // The public layers' tiles come from our API, with the council as every call carries it.
      transformRequest: apiTransformRequest(origin),
    });
    created.touchZoomRotate.disableRotation();
    created.keyboard.disableRotation();
    created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    created.addControl(new maplibregl.ScaleControl({ unit: 'metric', maxWidth: 100 }), 'bottom-left');
    const canvas = created.getCanvas();
    canvas.setAttribute('aria-label', label);
    canvas.setAttribute('aria-describedby', `${describedBy} ${hintId}`);
    const box = created.getContainer();
    // Where the map looks, for the browser journeys: 'longitude,latitude' once it is still.
    const showCentre = () => {
      const { lng, lat } = created.getCenter();
      box.setAttribute('data-centre', `${lng.toFixed(5)},${lat.toFixed(5)}`);
    };
    showCentre();
    created.on('movestart', () => box.setAttribute('data-camera', 'moving'));
    created.on('moveend', () => {
      showCentre();
      box.setAttribute('data-camera', 'still');
    });
    let removed = false;
    created.on('load', () => {
      if (removed) return;
      drawing.current = startBoundaryDraw(created, {
        onMeasure: setMeasure,
        onPolygon: (polygon) => {
          const before = current.current.value;
          const refused = drawnPolygonProblem(polygon, polygonsOf(before));
          // Refused: said at once, nothing kept, and the tool stays on to draw again.
          if (refused) {
            setProblem(refused);
            return;
          }
          setProblem(null);
          drawing.current?.stop();
          setMode('idle');
          const next = withPolygon(before, polygon);
          setOwn(next);
          current.current.onChange(next);
        },
        onEdited: (polygons) => {
          const refused = editedBoundaryProblem(polygons);
          if (refused) {
            setProblem(refused);
            // The areas as they were, to edit again (once terra-draw has finished with this one).
            setTimeout(() => drawing.current?.edit(polygonsOf(current.current.value)));
            return;
          }
          setProblem(null);
          const next = shapeOf(polygons);
          setOwn(next);
          current.current.onChange(next);
        },
      });
      setReady(true);
    });
    setMap(created);
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(container.current);
    return () => {
      removed = true;
      observer.disconnect();
      drawing.current?.destroy();
      drawing.current = null;
      created.remove();
      setMap(null);
      setReady(false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one map per field; label and start set once
  }, []);

  useEffect(() => {
    map?.getCanvas().setAttribute('aria-label', label);
  }, [map, label]);

  // The value drawn; one from outside (an uploaded file, a saved draft) brought into view.
  useEffect(() => {
    if (!map || !ready) return;
    map.getSource<GeoJSONSource>(SOURCE)?.setData(boundaryData(value));
    if (value === own) return;
    const box = boundsOf([value]);
    if (box)
      map.fitBounds(box as LngLatBoundsLike, {
        padding: FIT_PADDING,
        maxZoom: FIT_MAX_ZOOM,
        animate: !current.current.reducedMotion,
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value alone moves the view
  }, [map, ready, value]);

  // Drawing and editing follow the mode: back to looking, nothing half drawn stays.
  useEffect(() => {
    if (mode === 'idle') drawing.current?.stop();
  }, [mode]);

  // While its corners are edited, the boundary is terra-draw's to draw.
  useEffect(() => {
    if (!map || !ready) return;
    const visibility = mode === 'editing' ? 'none' : 'visible';
    map.setLayoutProperty(FILL, 'visibility', visibility);
    map.setLayoutProperty(LINE, 'visibility', visibility);
  }, [map, ready, mode]);

  const stop = () => {
    drawing.current?.stop();
    setMode('idle');
  };

  const toggleDrawing = () => {
    setProblem(null);
    if (mode === 'drawing') return stop();
    drawing.current?.draw();
    setMode('drawing');
    // Keys (Enter finishes, Escape stops) go to the map: it has the focus while drawing.
    map?.getCanvas().focus({ preventScroll: true });
  };

  const toggleEditing = () => {
    setProblem(null);
    if (mode === 'editing') return stop();
    if (hasHoles(value)) {
      stop();
      setProblem(boundaryMessages.holesNotEditable);
      return;
    }
    if (drawing.current?.edit(polygonsOf(value))) {
      setMode('editing');
      map?.getCanvas().focus({ preventScroll: true });
    } else {
      stop();
      setProblem(boundaryMessages.notEditable);
    }
  };

  // A place found by name or postcode: the map goes there (at once, when motion is reduced).
  const goToPlace = (place: Place) => {
    if (!map) return;
    const camera = cameraFor(place);
    const animate = !current.current.reducedMotion;
    if (camera.kind === 'bounds')
      map.fitBounds(camera.bounds, { padding: FIT_PADDING, maxZoom: camera.maxZoom, animate });
    else if (animate) map.flyTo({ center: camera.center, zoom: camera.zoom });
    else map.jumpTo({ center: camera.center, zoom: camera.zoom });
  };

  const remove = () => {
    setProblem(null);
    stop();
    emit(null);
  };

  const hint =
    mode === 'drawing'
      ? boundaryMessages.drawingHint
      : mode === 'editing'
        ? boundaryMessages.editingHint
        : null;

  return (
    <div
      className="boundary-map__body"
      data-ready={ready || undefined}
      data-mode={mode}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && mode !== 'idle') {
          event.stopPropagation();
          stop();
        }
      }}
    >
      {/* First the place, then the drawing: found by name or postcode, or by moving the map. */}
      <PlaceSearch onChoose={goToPlace} />
      <div className="boundary-map__tools" role="group" aria-label={`${label}: tools`}>
        <Button
          icon={<FormOutlined aria-hidden />}
          aria-pressed={mode === 'drawing'}
          type={mode === 'drawing' ? 'primary' : 'default'}
          disabled={!ready}
          onClick={toggleDrawing}
        >
          Draw boundary
        </Button>
        <Button
          icon={<EditOutlined aria-hidden />}
          aria-pressed={mode === 'editing'}
          type={mode === 'editing' ? 'primary' : 'default'}
          disabled={!ready || !value}
          onClick={toggleEditing}
        >
          Edit boundary
        </Button>
        <Button icon={<DeleteOutlined aria-hidden />} disabled={!value} onClick={remove}>
          Remove boundary
        </Button>
      </div>
      <div className="boundary-map__frame">
        <div ref={container} className="boundary-map__canvas" />
      </div>
      {/* Below the map: the map does not move under the pointer as the message comes and goes. */}
      {problem && (
        <Alert type="error" showIcon title={problem} closable={{ onClose: () => setProblem(null) }} />
      )}
      <p id={hintId} className={hint ? 'boundary-map__hint' : 'visually-hidden'}>
        {hint ?? 'Use Draw boundary to draw the site on the map.'}
      </p>
      {mode === 'drawing' && (
        // Not announced at each pointer move: the summary below says the area once it is drawn.
        <p className="boundary-map__measure" aria-live="off">
          Area drawn: {measure ?? formatArea(0)}
        </p>
      )}
      {footer}
      {layers.length > 0 && (
        <details className="boundary-map__key">
          <summary>Key</summary>
          <ul>
            <li>
              <span className="boundary-map__swatch" style={{ background: BOUNDARY_COLOUR }} aria-hidden />
              Site boundary
            </li>
            {layers.map((layer) => (
              <li key={layer.id}>
                <Checkbox
                  checked={shown.has(layer.id)}
                  onChange={(event) => {
                    const next = new Set(hidden);
                    if (event.target.checked) next.delete(layer.id);
                    else next.add(layer.id);
                    setHidden(next);
                  }}
                >
                  <span
                    className="boundary-map__swatch"
                    style={{ background: keyColour(layer) }}
                    aria-hidden
                  />
                  {layer.title}
                </Checkbox>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
