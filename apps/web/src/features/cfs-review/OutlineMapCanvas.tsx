import { useContext, useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, LngLatBoundsLike, StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../../components/map/maplibreWorker';
import { TenantContext } from '../../platform/tenant/TenantContext';
import { boundsOf } from '../../shared/documents/map/documentMapRules';
import { baseColours, DEFAULT_CENTRE, MAP } from '../../shared/sites/map/mapStyle';
import type { OutlineMapProps } from './OutlineMap';

const SOURCE = 'outlines';
/** A dot at each outline's middle, so that a field is seen on a map of the whole district. */
const POINTS = 'outline-points';
const POINTS_BELOW_ZOOM = 13;
const FIT_PADDING = 40;
const FIT_MAX_ZOOM = 17;

const dataOf = (outlines: OutlineMapProps['outlines']) => ({
  type: 'FeatureCollection' as const,
  features: outlines.map((outline) => ({
    type: 'Feature' as const,
    geometry: outline.geometry as GeoJSON.Geometry,
    properties: { colour: outline.colour, name: outline.name },
  })),
});

const pointsOf = (outlines: OutlineMapProps['outlines']) => ({
  type: 'FeatureCollection' as const,
  features: outlines.flatMap((outline) => {
    const box = boundsOf([outline.geometry]);
    if (!box) return [];
    return [
      {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] },
        properties: { colour: outline.colour },
      },
    ];
  }),
});

/** The offline base map shipped with the product (nothing fetched from another site), then the outlines. */
function outlineStyle(origin: string): StyleSpecification {
  const colours = baseColours('offline');
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: `${origin}/basemap/land.json`, attribution: 'Natural Earth' },
      [SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      [POINTS]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.background } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      {
        id: 'outlines-fill',
        type: 'fill',
        source: SOURCE,
        paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.3 },
      },
      {
        id: 'outlines-line',
        type: 'line',
        source: SOURCE,
        paint: { 'line-color': ['get', 'colour'], 'line-width': 2 },
      },
      {
        id: 'outline-points',
        type: 'circle',
        source: POINTS,
        maxzoom: POINTS_BELOW_ZOOM,
        paint: {
          'circle-radius': 5,
          'circle-color': ['get', 'colour'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        },
      },
    ],
  };
}

/** Loaded lazily by OutlineMap with MapLibre. */
export default function OutlineMapCanvas({ outlines, label, height }: OutlineMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const loaded = useRef(false);
  const home = useContext(TenantContext)?.tenant.locationLonLat ?? DEFAULT_CENTRE;
  const latest = useRef(outlines);

  useEffect(() => {
    latest.current = outlines;
  });

  const show = (target: maplibregl.Map, fit: boolean) => {
    (target.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(dataOf(latest.current));
    (target.getSource(POINTS) as GeoJSONSource | undefined)?.setData(pointsOf(latest.current));
    const box = boundsOf(latest.current.map((outline) => outline.geometry));
    if (fit && box)
      target.fitBounds(box as LngLatBoundsLike, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
  };

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    const start = boundsOf(latest.current.map((outline) => outline.geometry));
    const created = new maplibregl.Map({
      container: container.current,
      style: outlineStyle(origin),
      ...(start
        ? {
            bounds: start as LngLatBoundsLike,
            fitBoundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM },
          }
        : { center: home, zoom: MAP.defaultZoom }),
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
      cooperativeGestures: true,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      attributionControl: { compact: true },
    });
    created.touchZoomRotate.disableRotation();
    created.keyboard.disableRotation();
    created.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    created.addControl(new maplibregl.ScaleControl({ unit: 'metric', maxWidth: 100 }), 'bottom-left');
    created.getCanvas().setAttribute('aria-label', label);
    const box = created.getContainer();
    created.on('load', () => {
      loaded.current = true;
      show(created, false);
      box.setAttribute('data-map-ready', 'true');
    });
    map.current = created;
    return () => {
      loaded.current = false;
      map.current = null;
      created.remove();
    };
    // The map is made once; new outlines are set on it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (map.current && loaded.current) show(map.current, true);
  }, [outlines]);

  useEffect(() => {
    map.current?.getCanvas().setAttribute('aria-label', label);
  }, [label]);

  return <div ref={container} className="cfs-review-map__canvas" style={{ height }} />;
}
