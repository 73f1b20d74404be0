import { useEffect, useRef, useState } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../../../components/map/maplibreWorker';
import type { TerraDraw } from 'terra-draw';
import type { Polygon } from 'geojson';
import { tileQueryString, type BaseMapInfo } from '@planning/shared';
import { prepareMap } from '../../../shared/sites/map/baseMapSetup';
import {
  apiTransformRequest,
  buildSiteMapStyle,
  HIGHLIGHT_SOURCE,
  MAP,
  SITE_LAYERS,
  type SiteOutline,
} from '../../../shared/sites/map/mapStyle';
import { GeodataLayersControl } from '../../../shared/layers/GeodataLayersControl';

type Props = {
  /** The outline to show (WGS84 GeoJSON), or null when there is none. */
  geometry: unknown;
  bbox: [number, number, number, number];
  scenario: string;
  mainColor: string;
  baseMaps: BaseMapInfo[];
  /** Which outline the neighbouring sites are drawn with. */
  outline?: SiteOutline;
  label: string;
  /** Boundary edit: while true, clicks draw a new outline, handed over when it is closed. */
  drawing?: boolean;
  onDrawn?: (polygon: Polygon) => void;
  /** The council's geodata layers, with their tree and key (issue 13 point 4). */
  withLayers?: boolean;
};

/** The site over the base map with its neighbours, fitted to its outline (site page, /site/{id}/map). */
export function SiteOutlineMap({
  geometry,
  bbox,
  scenario,
  mainColor,
  baseMaps,
  outline = 'sites',
  label,
  drawing,
  onDrawn,
  withLayers = false,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });
  const [ready, setReady] = useState(false);
  // The map once loaded, for the layers control (a ref is not read while rendering).
  const [loaded, setLoaded] = useState<maplibregl.Map | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    const map = new maplibregl.Map({
      container: container.current,
      style: buildSiteMapStyle({
        origin,
        tileQuery: tileQueryString({ filters: [], scenario }),
        mainColor,
        baseLayer: 'offline',
        baseMaps,
        outline,
      }),
      bounds: bbox,
      fitBoundsOptions: { padding: 40, maxZoom: 17 },
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
      attributionControl: { compact: true },
      transformRequest: apiTransformRequest(origin),
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const unprepare = prepareMap(map);
    mapRef.current = map;
    let removed = false;
    map.on('load', () => {
      void import('../map/drawTools').then(({ startDrawTools }) => {
        if (removed) return;
        drawRef.current = startDrawTools(map, {
          onMeasure: () => {},
          onPolygon: (polygon) => onDrawnRef.current?.(polygon),
        });
        setReady(true);
        setLoaded(map);
      });
    });
    // A panel resized in the layout editor resizes its map.
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(container.current);
    return () => {
      removed = true;
      unprepare();
      observer.disconnect();
      drawRef.current?.stop();
      map.remove();
      mapRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is made once per site and scenario
  }, [scenario, outline]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const source = map.getSource<GeoJSONSource>(HIGHLIGHT_SOURCE);
    source?.setData(
      geometry
        ? {
            type: 'FeatureCollection',
            features: [{ type: 'Feature', properties: {}, geometry: geometry as Polygon }],
          }
        : { type: 'FeatureCollection', features: [] },
    );
    map.fitBounds(bbox, { padding: 40, maxZoom: 17, animate: false });
  }, [geometry, bbox, ready]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw) return;
    draw.clear();
    draw.setMode(drawing ? 'polygon' : 'static');
  }, [drawing, ready]);

  const map = (
    <div
      ref={container}
      className="site-outline-map"
      role="region"
      aria-label={label}
      data-ready={ready || undefined}
    />
  );
  if (!withLayers) return map;
  return (
    <div className="site-outline-map__frame">
      {map}
      <GeodataLayersControl
        map={loaded}
        ready={ready}
        beforeId={SITE_LAYERS.clusters}
        siteLayerIds={[SITE_LAYERS.clusters, SITE_LAYERS.fill]}
      />
    </div>
  );
}
