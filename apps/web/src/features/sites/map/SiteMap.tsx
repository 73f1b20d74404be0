import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, MapGeoJSONFeature, VectorTileSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is a self-contained module: shipped as a file of its own, beside the bundle.
import '../../../components/map/maplibreWorker';
import type { TerraDraw } from 'terra-draw';
import type { FeatureCollection } from 'geojson';
import { useQuery } from '@tanstack/react-query';
import { siteMessages, type BaseMapInfo, type SearchArea } from '@planning/shared';
import { fetchCouncilBaseMaps, prepareMap } from '../../../shared/sites/map/baseMapSetup';
import { clearCouncilBaseMap, councilBaseLayerKey, showCouncilBaseMap } from './councilBaseMap';
import { GeodataLayersControl } from '../../../shared/layers/GeodataLayersControl';
import type { DrawnShape } from './DrawSiteControls';
import { MapToolbar } from './MapToolbar';
import { SitePopup, type PopupSite } from './SitePopup';
import {
  apiTransformRequest,
  baseColours,
  baseLayerLabels,
  buildSiteMapStyle,
  HIGHLIGHT_SOURCE,
  MAP,
  NEW_SITE_SOURCE,
  SITE_LAYERS,
  SITE_SOURCE,
  SITES_DRAWN_MARK,
  siteTilesUrl,
  type BaseLayer,
  type SiteOutline,
} from '../../../shared/sites/map/mapStyle';

// Fetched when a site is drawn or refused, not with the map: the save form and its modal (issue 25).
const DrawSiteControls = lazy(() =>
  import('./DrawSiteControls').then((module) => ({ default: module.DrawSiteControls })),
);
const PolygonErrorModal = lazy(() =>
  import('./PolygonErrorModal').then((module) => ({ default: module.PolygonErrorModal })),
);

/** Spec 03 §2: the screenshot tool's PNG is named map-screenshot. */
const SCREENSHOT_FILE_NAME = 'map-screenshot.png';

export type SiteMapProps = {
  centre: [number, number];
  mainColor: string;
  /** The council's own base maps (OS, satellite, terrain), when it has any. */
  baseMaps: BaseMapInfo[];
  tileQuery: string;
  /** Outlines to highlight and fly to ('Show On Map'). */
  highlight: FeatureCollection | null;
  /** Search in area: the drawn area, and whether drawing is on. */
  drawArea: boolean;
  area: SearchArea | null;
  onAreaDrawn: (area: SearchArea) => void;
  onOpenSite: (id: string) => void;
  /** Where a site's details page is: the link offered once a site is drawn. */
  siteAddress: (id: string) => string;
  /** Draw site (spec 01 §4): offered to those who may write sites. */
  canDrawSites: boolean;
  onSiteCreated: (site: { id: string; name: string }) => void;
  /** The outline of a site drawn just now, shown whether or not the search matches it. */
  newSite: FeatureCollection | null;
  /** Bumped when sites change (drawn, deleted): the same tiles are asked for again. */
  revision: number;
};

/** 'area' is Search in area's polygon; the site tools draw a new site as a polygon or a point. */
type DrawMode = 'none' | 'area' | 'site-polygon' | 'site-point' | 'measure';

const terraDrawMode: Record<DrawMode, string> = {
  none: 'static',
  area: 'polygon',
  'site-polygon': 'polygon',
  'site-point': 'point',
  measure: 'linestring',
};

// The worker (half a megabyte) starts loading with this module, not once the screen has its data.
maplibregl.prewarm();

/** Spec 01 §2 map: the filtered sites from vector tiles over an offline base map, with the tools. */
export function SiteMap(props: SiteMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const drawRef = useRef<TerraDraw | null>(null);
  const popupRef = useRef<{ popup: maplibregl.Popup; root: Root } | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  const [ready, setReady] = useState(false);
  const [pitch3d, setPitch3d] = useState(false);
  const [baseLayer, setBaseLayer] = useState<BaseLayer>('offline');
  const [drawMode, setDrawMode] = useState<DrawMode>('none');
  const [measurement, setMeasurement] = useState<string | null>(null);
  const [drawnShape, setDrawnShape] = useState<DrawnShape | null>(null);
  const [polygonError, setPolygonError] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [satellite, setSatellite] = useState(false);
  const [terrain, setTerrain] = useState(false);
  const [outline, setOutline] = useState<SiteOutline>('sites');
  const has = (layer: BaseMapInfo['layer']) => props.baseMaps.some((map) => map.layer === layer);
  // The council's PMTiles archives and style documents (GET /basemaps), offered after the others.
  const councilMaps = useQuery({
    queryKey: ['basemaps'],
    queryFn: ({ signal }) => fetchCouncilBaseMaps(signal),
  });
  const initialQuery = useRef(props.tileQuery);
  // Clicks belong to the drawing tools while one is on.
  const drawModeRef = useRef<DrawMode>('none');
  drawModeRef.current = drawMode;

  // The map is made once; later changes go through its API rather than a new map.
  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    const map = new maplibregl.Map({
      container: container.current,
      style: buildSiteMapStyle({
        origin,
        tileQuery: initialQuery.current,
        mainColor: callbacks.current.mainColor,
        baseLayer: 'offline',
        baseMaps: callbacks.current.baseMaps,
      }),
      center: callbacks.current.centre,
      zoom: MAP.defaultZoom,
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
      maxPitch: MAP.maxPitch,
      attributionControl: { compact: true },
      transformRequest: apiTransformRequest(origin),
    });
    mapRef.current = map;
    const unprepare = prepareMap(map);

    // The first frame that shows any site, as a performance mark that bench/map-load.ts reads
    // (real-user timing could too). Checked frame by frame until then, never after.
    const markSitesDrawn = () => {
      if (!map.getLayer(SITE_LAYERS.fill)) return;
      if (map.queryRenderedFeatures({ layers: [SITE_LAYERS.clusters, SITE_LAYERS.fill] }).length === 0)
        return;
      performance.mark(SITES_DRAWN_MARK);
      map.off('render', markSitesDrawn);
    };
    map.on('render', markSitesDrawn);

    let hovered: string | number | undefined;
    const setHover = (id: string | number | undefined) => {
      if (hovered !== undefined)
        map.setFeatureState({ source: SITE_SOURCE, sourceLayer: 'sites', id: hovered }, { hover: false });
      hovered = id;
      if (id !== undefined)
        map.setFeatureState({ source: SITE_SOURCE, sourceLayer: 'sites', id }, { hover: true });
    };
    map.on('mousemove', SITE_LAYERS.fill, (event) => {
      map.getCanvas().style.cursor = 'pointer';
      setHover(event.features?.[0]?.id);
    });
    map.on('mouseleave', SITE_LAYERS.fill, () => {
      map.getCanvas().style.cursor = '';
      setHover(undefined);
    });
    map.on('click', SITE_LAYERS.clusters, (event) => {
      if (drawModeRef.current !== 'none') return;
      map.easeTo({
        center: event.lngLat,
        zoom: Math.min(MAP.maxZoom, map.getZoom() + 2),
        duration: MAP.easeMs,
      });
    });
    map.on('click', SITE_LAYERS.fill, (event) => {
      if (drawModeRef.current !== 'none') return;
      openPopup(map, event.lngLat, uniqueSites(event.features ?? []));
    });
    // Whether the map has settled (no movement, every tile of the view drawn): a fact a test or an
    // assistive tool can wait for instead of guessing how long a fly-to takes.
    const canvasBox = map.getContainer();
    map.on('movestart', () => canvasBox.setAttribute('data-map-state', 'moving'));
    map.on('idle', () => {
      canvasBox.setAttribute('data-map-state', 'idle');
      canvasBox.setAttribute('data-map-zoom', map.getZoom().toFixed(1));
    });
    // Spec 03 §9: 3D from pitch 5 up: buildings of capacity rise from the sites.
    map.on('pitch', () => {
      const threeD = map.getPitch() > MAP.threeDThreshold;
      map.setLayoutProperty(SITE_LAYERS.extrusion, 'visibility', threeD ? 'visible' : 'none');
      setPitch3d(threeD);
    });
    let removed = false;
    map.on('load', () => {
      void import('./drawTools').then(({ startDrawTools }) => {
        if (removed) return;
        drawRef.current = startDrawTools(map, {
          onMeasure: setMeasurement,
          onPolygon: (polygon, selfIntersecting) => {
            const mode = drawModeRef.current;
            if (mode === 'area')
              callbacks.current.onAreaDrawn({
                type: 'Polygon',
                coordinates: polygon.coordinates,
              } as SearchArea);
            if (mode !== 'site-polygon') return;
            if (selfIntersecting) {
              // Spec 01 §5: refused at once; the outline stays until the message is read, then
              // goes, and the tool stays on to draw again.
              setPolygonError(siteMessages.selfIntersection);
              return;
            }
            holdDrawnShape(polygon);
          },
          onPoint: (point) => {
            if (drawModeRef.current === 'site-point') holdDrawnShape(point);
          },
        });
        setReady(true);
      });
    });
    // A finished site shape stays on the map, and further clicks wait, until it is saved or cancelled.
    function holdDrawnShape(shape: DrawnShape) {
      drawRef.current?.setMode('static');
      // Leaving a terra-draw mode turns double-click zoom back on, and the double click that
      // finished the outline is still on its way: it must not zoom the map.
      map.doubleClickZoom.disable();
      setDrawnShape(shape);
    }
    const onFullscreen = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onFullscreen);

    function openPopup(target: maplibregl.Map, at: maplibregl.LngLat, sites: PopupSite[]) {
      if (sites.length === 0) return;
      popupRef.current?.popup.remove();
      const element = document.createElement('div');
      const root = createRoot(element);
      // A root of its own, outside the app's theme: give it the council's colour again.
      root.render(
        <ConfigProvider theme={{ token: { colorPrimary: callbacks.current.mainColor } }}>
          <SitePopup sites={sites} onOpen={(id) => callbacks.current.onOpenSite(id)} />
        </ConfigProvider>,
      );
      const popup = new maplibregl.Popup({ maxWidth: `${MAP.popupWidth}px`, focusAfterOpen: true })
        .setLngLat(at)
        .setDOMContent(element)
        .addTo(target);
      popup.on('close', () => queueMicrotask(() => root.unmount()));
      popupRef.current = { popup, root };
    }

    return () => {
      removed = true;
      unprepare();
      document.removeEventListener('fullscreenchange', onFullscreen);
      popupRef.current?.popup.remove();
      drawRef.current?.stop();
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // A new search, or the cut toggle: the same source and layers, new tile addresses.
  useEffect(() => {
    const source = mapRef.current?.getSource<VectorTileSource>(SITE_SOURCE);
    source?.setTiles([siteTilesUrl(window.location.origin, props.tileQuery, outline)]);
    popupRef.current?.popup.remove();
  }, [props.tileQuery, outline, props.revision]);

  // 'Show On Map': outline the site and fly to it at zoom 16.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const data = props.highlight ?? { type: 'FeatureCollection', features: [] };
    map.getSource<GeoJSONSource>(HIGHLIGHT_SOURCE)?.setData(data);
    const box = boundsOf(data);
    if (box) map.flyTo({ center: box.getCenter(), zoom: MAP.flyToZoom, duration: MAP.easeMs });
  }, [props.highlight, ready]);

  useEffect(() => {
    if (!ready) return;
    mapRef.current
      ?.getSource<GeoJSONSource>(NEW_SITE_SOURCE)
      ?.setData(props.newSite ?? { type: 'FeatureCollection', features: [] });
  }, [props.newSite, ready]);

  // Search in area switches the polygon tool on; switching it off forgets the drawing.
  useEffect(() => {
    if (!ready) return;
    if (props.drawArea) selectDrawMode('area');
    else if (drawMode === 'area') selectDrawMode('none');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- react to the toggle only
  }, [props.drawArea, ready]);

  function selectDrawMode(mode: DrawMode) {
    const draw = drawRef.current;
    if (!draw) return;
    draw.clear();
    setMeasurement(null);
    setDrawnShape(null);
    draw.setMode(terraDrawMode[mode]);
    if (mode === 'none') mapRef.current?.doubleClickZoom.enable();
    setDrawMode(mode);
  }

  /** After a 'Polygon Error': the refused outline goes and the same tool is ready again. */
  function drawAgain() {
    setPolygonError(null);
    selectDrawMode(drawMode);
  }

  /** Spec 01 §4: choosing the same tool again ends drawing. */
  const toggleDrawMode = (mode: DrawMode) => selectDrawMode(drawMode === mode ? 'none' : mode);

  function changeBaseLayer(next: BaseLayer) {
    const map = mapRef.current;
    if (!map) return;
    const colours = baseColours(next);
    map.setPaintProperty('background', 'background-color', colours.background);
    map.setPaintProperty('land', 'fill-color', colours.land);
    map.setPaintProperty('district-fill', 'fill-color', colours.district);
    if (map.getLayer('os')) map.setLayoutProperty('os', 'visibility', next === 'os' ? 'visible' : 'none');
    const council = councilMaps.data?.find((choice) => councilBaseLayerKey(choice) === next);
    if (council)
      showCouncilBaseMap(map, council, window.location.origin).catch(() => {
        // A style document that cannot be read: back to the offline map rather than a blank one.
        clearCouncilBaseMap(map);
        changeBaseLayer('offline');
      });
    else clearCouncilBaseMap(map);
    setBaseLayer(next);
  }

  function toggleSatellite() {
    const map = mapRef.current;
    if (!map?.getLayer('satellite')) return;
    map.setLayoutProperty('satellite', 'visibility', satellite ? 'none' : 'visible');
    setSatellite(!satellite);
  }

  function toggleTerrain() {
    const map = mapRef.current;
    if (!map?.getSource('terrain')) return;
    map.setTerrain(terrain ? null : { source: 'terrain', exaggeration: 1 });
    setTerrain(!terrain);
  }

  function screenshot() {
    const map = mapRef.current;
    if (!map) return;
    // The drawing buffer is only readable in the frame that drew it.
    map.once('render', () => {
      map.getCanvas().toBlob((blob) => {
        if (!blob) return;
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = SCREENSHOT_FILE_NAME;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      }, 'image/png');
    });
    map.triggerRepaint();
  }

  return (
    <div ref={frame} className="site-map" data-fullscreen={fullscreen || undefined}>
      <div ref={container} className="site-map__canvas" role="region" aria-label="Map of sites" />
      <GeodataLayersControl
        map={mapRef.current}
        ready={ready}
        beforeId={SITE_LAYERS.clusters}
        siteLayerIds={[SITE_LAYERS.clusters, SITE_LAYERS.fill]}
      />
      <MapToolbar
        ready={ready}
        onZoomIn={() => mapRef.current?.zoomIn({ duration: MAP.easeMs })}
        onZoomOut={() => mapRef.current?.zoomOut({ duration: MAP.easeMs })}
        onResetNorth={() => mapRef.current?.resetNorthPitch({ duration: MAP.easeMs })}
        pitch3d={pitch3d}
        onTogglePitch={() =>
          mapRef.current?.easeTo({ pitch: pitch3d ? MAP.pitch2d : MAP.pitch3d, duration: MAP.easeMs })
        }
        fullscreen={fullscreen}
        onToggleFullscreen={() =>
          document.fullscreenElement
            ? void document.exitFullscreen()
            : void frame.current?.requestFullscreen()
        }
        onScreenshot={screenshot}
        measuring={drawMode === 'measure'}
        onToggleMeasure={() => toggleDrawMode('measure')}
        drawSite={
          props.canDrawSites
            ? {
                polygon: drawMode === 'site-polygon',
                point: drawMode === 'site-point',
                onPolygon: () => toggleDrawMode('site-polygon'),
                onPoint: () => toggleDrawMode('site-point'),
              }
            : null
        }
        cutSites={outline === 'cut-sites'}
        onToggleCutSites={() => setOutline(outline === 'cut-sites' ? 'sites' : 'cut-sites')}
        baseLayer={baseLayer}
        baseLayers={[
          { key: 'offline', label: baseLayerLabels.offline },
          { key: 'outline', label: baseLayerLabels.outline },
          ...(has('os') ? [{ key: 'os' as const, label: baseLayerLabels.os }] : []),
          ...(councilMaps.data ?? []).map((choice) => ({
            key: councilBaseLayerKey(choice),
            label: choice.name,
          })),
        ]}
        onBaseLayerChange={changeBaseLayer}
        satellite={has('satellite') ? { on: satellite, toggle: toggleSatellite } : null}
        terrain={has('terrain') ? { on: terrain, toggle: toggleTerrain } : null}
      />
      {(drawMode === 'site-polygon' || drawMode === 'site-point') && !drawnShape && (
        <output className="site-map__hint" aria-live="polite">
          {drawMode === 'site-point'
            ? 'Click on the map to place the site.'
            : 'Click on the map to draw the site; double-click to finish.'}
        </output>
      )}
      {drawnShape && (
        <Suspense fallback={null}>
          <DrawSiteControls
            shape={drawnShape}
            siteAddress={props.siteAddress}
            onCreated={(site) => {
              selectDrawMode('none');
              props.onSiteCreated(site);
            }}
            onCancel={() => selectDrawMode('none')}
            onPolygonError={setPolygonError}
          />
        </Suspense>
      )}
      {polygonError !== null && (
        <Suspense fallback={null}>
          <PolygonErrorModal message={polygonError} onClose={drawAgain} />
        </Suspense>
      )}
      {measurement && (
        <output className="site-map__measurement" aria-live="polite">
          {measurement}
        </output>
      )}
    </div>
  );
}

/** Several sites under one click: each once, in the order drawn. */
function uniqueSites(features: MapGeoJSONFeature[]): PopupSite[] {
  const seen = new Map<string, PopupSite>();
  for (const feature of features) {
    const id = String(feature.id);
    if (!seen.has(id)) seen.set(id, { id, ...(feature.properties as Omit<PopupSite, 'id'>) });
  }
  return [...seen.values()];
}

function boundsOf(data: FeatureCollection): maplibregl.LngLatBounds | null {
  const box = new maplibregl.LngLatBounds();
  let any = false;
  const visit = (coordinates: unknown): void => {
    if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') {
      box.extend(coordinates as [number, number]);
      any = true;
    } else if (Array.isArray(coordinates)) coordinates.forEach(visit);
  };
  for (const feature of data.features)
    visit((feature.geometry as { coordinates?: unknown } | null)?.coordinates);
  return any ? box : null;
}
