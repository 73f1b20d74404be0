import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Tooltip } from 'antd';
import {
  CameraOutlined,
  CloseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  MinusOutlined,
  PlusOutlined,
  RightOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { apiTransformRequest } from '../../../components/map/councilBaseMapLayers';
import '../../../components/map/maplibreWorker';
import { documentMapMessages, type DocumentSite, type Layer } from '@planning/shared';
import { LayerTree } from '../../layers/LayerTree';
import { mapLayerIdsOf } from '../../layers/layerMapStyle';
import { useGeodataLayers } from '../../layers/useGeodataLayers';
import '../../layers/layers.css';
import type { DocumentMapProps } from './DocumentMap';
import { boundsOf, siteFeatures, stepIndex } from './documentMapRules';

/** Spec 02 §9: documents open at zoom 11; fits pad 50 px; the popup is 240 px wide. */
const DOCUMENT_ZOOM = 11;
const FIT_PADDING = 50;
const POPUP_WIDTH = 240;
const MIN_ZOOM = 2;
const MAX_ZOOM = 19;
/** Where the spec's default centre lies (564565, 155359 in EPSG:27700), for a map with no sites. */
const DEFAULT_CENTRE: [number, number] = [0.3637, 51.2716];

const SOURCE = 'document-sites';
const FILL = 'document-sites-fill';
const LINE = 'document-sites-line';
const SELECTED_FILL = 'document-sites-selected-fill';
const SELECTED_LINE = 'document-sites-selected-line';
const SITE_COLOUR = '#1d70b8';
const SELECTED_COLOUR = '#f47738';

/** What a click hit: one of the block's sites, or a feature of a public layer. */
type Hit =
  { kind: 'site'; site: DocumentSite } | { kind: 'layer'; layer: Layer; properties: Record<string, unknown> };
type PopupState = { lngLat: maplibregl.LngLatLike; hits: Hit[]; index: number };

/**
 * A base map shipped with the product (Natural Earth land: nothing fetched from another site, no
 * glyphs), then the sites. Public layers are added under the sites as the key switches them on.
 */
function documentMapStyle(origin: string): StyleSpecification {
  const none = ['==', ['get', 'siteId'], ''] as maplibregl.FilterSpecification;
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: `${origin}/basemap/land.json`, attribution: 'Natural Earth' },
      [SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#d4e4ee' } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f3f1ea' } },
      {
        id: FILL,
        type: 'fill',
        source: SOURCE,
        paint: { 'fill-color': SITE_COLOUR, 'fill-opacity': 0.35 },
      },
      { id: LINE, type: 'line', source: SOURCE, paint: { 'line-color': SITE_COLOUR, 'line-width': 2 } },
      {
        id: SELECTED_FILL,
        type: 'fill',
        source: SOURCE,
        filter: none,
        paint: { 'fill-color': SELECTED_COLOUR, 'fill-opacity': 0.75 },
      },
      {
        id: SELECTED_LINE,
        type: 'line',
        source: SOURCE,
        filter: none,
        paint: { 'line-color': '#0b0c0c', 'line-width': 3 },
      },
    ],
  };
}

/**
 * The document map (spec 02 §2 Document map block): the sites over an offline base map, a key
 * of the public layers with 'Show all layers', zoom, full screen, a PNG screenshot, a metric scale
 * bar, and a popup of what a click hit ('n/total', previous and next wrapping around).
 */
export default function DocumentMapCanvas({
  sites,
  selectedSiteId,
  onSelectSite,
  layers,
  label = 'Map',
  onShowSiteInformation,
}: DocumentMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [ready, setReady] = useState(false);
  const [keyOpen, setKeyOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [popup, setPopup] = useState<PopupState | null>(null);
  // Whether the camera is still: a test (and the screenshot) waits for a fit to finish.
  const [moving, setMoving] = useState(false);
  const [visible, setVisible] = useState<Set<string> | null>(null);
  const shown = useMemo(
    () => visible ?? new Set(layers.filter((layer) => layer.addOnMap).map((layer) => layer.id)),
    [visible, layers],
  );
  // What a click reads, current after each render, so the map's one handler needs no rebinding.
  const current = useRef({ sites, layers, shown, onSelectSite });
  useEffect(() => {
    current.current = { sites, layers, shown, onSelectSite };
  });

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    const bounds = boundsOf(current.current.sites.map((site) => site.geometry));
    const created = new maplibregl.Map({
      container: container.current,
      style: documentMapStyle(origin),
      ...(bounds
        ? { bounds, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: 17 } }
        : { center: DEFAULT_CENTRE, zoom: DOCUMENT_ZOOM }),
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      attributionControl: { compact: true },
      // Our API's tiles (the public layers) carry the council, as every call does.
      transformRequest: apiTransformRequest(origin),
      // The screenshot reads the canvas after the frame is drawn.
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    created.addControl(new maplibregl.ScaleControl({ unit: 'metric', maxWidth: 120 }), 'bottom-left');
    created.on('movestart', () => setMoving(true));
    created.on('moveend', () => setMoving(false));
    created.on('load', () => {
      setReady(true);
      created.getCanvas().setAttribute('aria-label', label);
    });
    setMap(created);
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      created.remove();
      setMap(null);
      setReady(false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one map per block; the label is set once
  }, []);

  // The sites, drawn afresh when the list changes; the view fitted to them when the first arrive.
  const fitted = useRef(false);
  useEffect(() => {
    if (!map || !ready) return;
    map.getSource<GeoJSONSource>(SOURCE)?.setData(siteFeatures(sites));
    const box = boundsOf(sites.map((site) => site.geometry));
    if (box && !fitted.current) map.fitBounds(box, { padding: FIT_PADDING, maxZoom: 17, animate: false });
    if (box) fitted.current = true;
  }, [map, ready, sites]);

  // The chosen site: highlighted, and brought into view.
  useEffect(() => {
    if (!map || !ready) return;
    const filter = ['==', ['get', 'siteId'], selectedSiteId ?? ''] as maplibregl.FilterSpecification;
    map.setFilter(SELECTED_FILL, filter);
    map.setFilter(SELECTED_LINE, filter);
    const site = sites.find((candidate) => candidate.id === selectedSiteId);
    const box = site ? boundsOf([site.geometry]) : null;
    if (box) map.fitBounds(box, { padding: FIT_PADDING, maxZoom: 16, duration: 750 });
  }, [map, ready, selectedSiteId, sites]);

  useGeodataLayers(map, ready, layers, shown, FILL, 'public');

  // A click: every site and visible public layer feature under the pointer, in one popup.
  useEffect(() => {
    if (!map || !ready) return;
    const handleClick = (event: maplibregl.MapMouseEvent) => {
      const { sites: all, layers: offered, shown: on, onSelectSite: select } = current.current;
      const hits: Hit[] = [];
      const seen = new Set<string>();
      for (const feature of map.queryRenderedFeatures(event.point, { layers: [FILL] })) {
        const id = String(feature.properties['siteId'] ?? '');
        const site = all.find((candidate) => candidate.id === id);
        if (site && !seen.has(id)) {
          seen.add(id);
          hits.push({ kind: 'site', site });
        }
      }
      const layerIds = offered
        .filter((layer) => on.has(layer.id))
        .flatMap((layer) => mapLayerIdsOf(layer.id))
        .filter((id) => map.getLayer(id));
      if (layerIds.length > 0) {
        const found = new Set<string>();
        for (const feature of map.queryRenderedFeatures(event.point, { layers: layerIds })) {
          const layer = offered.find((candidate) => mapLayerIdsOf(candidate.id).includes(feature.layer.id));
          const key = `${layer?.id}:${String(feature.id)}`;
          if (!layer || found.has(key)) continue;
          found.add(key);
          hits.push({ kind: 'layer', layer, properties: feature.properties });
        }
      }
      if (hits.length === 0) {
        setPopup(null);
        return;
      }
      setPopup({ lngLat: event.lngLat, hits, index: 0 });
      const first = hits[0];
      if (first?.kind === 'site') select(first.site.id);
    };
    const pointer = (cursor: string) => () => {
      map.getCanvas().style.cursor = cursor;
    };
    const enter = pointer('pointer');
    const leave = pointer('');
    map.on('click', handleClick);
    map.on('mouseenter', FILL, enter);
    map.on('mouseleave', FILL, leave);
    return () => {
      map.off('click', handleClick);
      map.off('mouseenter', FILL, enter);
      map.off('mouseleave', FILL, leave);
    };
  }, [map, ready]);

  // Full screen is the frame's (map, key and tools together); the map is resized to fill it.
  useEffect(() => {
    const handleChange = () => {
      setFullscreen(document.fullscreenElement === frame.current);
      map?.resize();
    };
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, [map]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  };

  const screenshot = () => {
    if (!map) return;
    map.once('render', () => {
      const link = document.createElement('a');
      link.download = `${documentMapMessages.screenshotName}.png`;
      link.href = map.getCanvas().toDataURL('image/png');
      link.click();
    });
    map.triggerRepaint();
  };

  const step = (delta: 1 | -1) => {
    if (!popup) return;
    const index = stepIndex(popup.index, popup.hits.length, delta);
    setPopup({ ...popup, index });
    const hit = popup.hits[index];
    if (hit?.kind === 'site') onSelectSite(hit.site.id);
  };

  return (
    <div
      ref={frame}
      className={`document-map__frame${fullscreen ? ' document-map__frame--fullscreen' : ''}`}
      data-ready={ready || undefined}
      data-camera={moving ? 'moving' : 'still'}
    >
      <div ref={container} className="document-map__canvas" role="region" aria-label={label} />
      <div className="document-map__key">
        <Button
          size="small"
          icon={<UnorderedListOutlined aria-hidden />}
          aria-expanded={keyOpen}
          onClick={() => setKeyOpen(!keyOpen)}
        >
          Key
        </Button>
        {keyOpen && (
          <div className="document-map__key-panel" role="dialog" aria-label="Map key">
            <div className="document-map__key-head">
              <strong>Key</strong>
              <Button
                size="small"
                type="text"
                aria-label="Close map key"
                icon={<CloseOutlined aria-hidden />}
                onClick={() => setKeyOpen(false)}
              />
            </div>
            <p className="document-map__key-sites">
              <span className="document-map__swatch" style={{ background: SITE_COLOUR }} aria-hidden />
              Sites ({sites.length})
            </p>
            {layers.length > 0 && (
              <LayerTree
                groups={[{ title: 'Layers', layers: [...layers] }]}
                loading={false}
                failed={false}
                visible={shown}
                onChange={setVisible}
                describe={(layer) => layer.publicWebMapDescription ?? layer.defaultDescription}
              />
            )}
          </div>
        )}
      </div>
      <div className="document-map__tools" role="group" aria-label="Map tools">
        <Tooltip title="Zoom in" placement="left">
          <Button aria-label="Zoom in" icon={<PlusOutlined aria-hidden />} onClick={() => map?.zoomIn()} />
        </Tooltip>
        <Tooltip title="Zoom out" placement="left">
          <Button aria-label="Zoom out" icon={<MinusOutlined aria-hidden />} onClick={() => map?.zoomOut()} />
        </Tooltip>
        <Tooltip title={fullscreen ? 'Exit full screen' : 'Full screen'} placement="left">
          <Button
            aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
            icon={fullscreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
            onClick={toggleFullscreen}
          />
        </Tooltip>
        <Tooltip title="Download a screenshot" placement="left">
          <Button
            aria-label="Download a screenshot"
            icon={<CameraOutlined aria-hidden />}
            onClick={screenshot}
            disabled={!ready}
          />
        </Tooltip>
      </div>
      {map && popup && (
        <MapPopup
          map={map}
          state={popup}
          onClose={() => setPopup(null)}
          onStep={step}
          onShowSiteInformation={onShowSiteInformation}
        />
      )}
    </div>
  );
}

/** The click popup: a MapLibre popup whose content React renders (a portal keeps the app's context). */
function MapPopup({
  map,
  state,
  onClose,
  onStep,
  onShowSiteInformation,
}: {
  map: maplibregl.Map;
  state: PopupState;
  onClose: () => void;
  onStep: (delta: 1 | -1) => void;
  onShowSiteInformation: ((siteId: string) => void) | undefined;
}) {
  const [element] = useState(() => document.createElement('div'));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const { lngLat } = state;
  useEffect(() => {
    const popup = new maplibregl.Popup({
      maxWidth: `${POPUP_WIDTH}px`,
      closeButton: false,
      focusAfterOpen: false,
    })
      .setLngLat(lngLat)
      .setDOMContent(element)
      .addTo(map);
    popup.on('close', () => onCloseRef.current());
    return () => {
      popup.remove();
    };
  }, [map, element, lngLat]);

  const hit = state.hits[state.index];
  if (!hit) return null;
  const total = state.hits.length;
  return createPortal(
    <div className="document-map__popup" role="dialog" aria-label="Map feature">
      <div className="document-map__popup-head">
        {total > 1 ? (
          <span className="document-map__popup-nav">
            <Button
              size="small"
              type="text"
              aria-label="Previous feature"
              icon={<LeftOutlined aria-hidden />}
              onClick={() => onStep(-1)}
            />
            <span aria-live="polite">
              {state.index + 1}/{total}
            </span>
            <Button
              size="small"
              type="text"
              aria-label="Next feature"
              icon={<RightOutlined aria-hidden />}
              onClick={() => onStep(1)}
            />
          </span>
        ) : (
          <span />
        )}
        <Button
          size="small"
          type="text"
          aria-label="Close"
          icon={<CloseOutlined aria-hidden />}
          onClick={() => onClose()}
        />
      </div>
      {hit.kind === 'site' ? (
        <dl className="document-map__popup-fields">
          <dt>Layer</dt>
          <dd>Sites</dd>
          <dt>Site reference</dt>
          <dd>{hit.site.helaa_reference ?? '-'}</dd>
          <dt>Site ID</dt>
          <dd>{hit.site.id}</dd>
          <dt>Site name</dt>
          <dd>{hit.site.name ?? '-'}</dd>
          {hit.site.site_tags.length > 0 && (
            <>
              <dt>Tags</dt>
              <dd>{hit.site.site_tags.map((tag) => tag.tag_name).join(', ')}</dd>
            </>
          )}
        </dl>
      ) : (
        <dl className="document-map__popup-fields">
          <dt>Layer</dt>
          <dd>{hit.layer.title}</dd>
          {(hit.layer.publicWebMapDescription ?? hit.layer.defaultDescription) && (
            <>
              <dt>Description</dt>
              <dd>{hit.layer.publicWebMapDescription ?? hit.layer.defaultDescription}</dd>
            </>
          )}
        </dl>
      )}
      {hit.kind === 'site' && onShowSiteInformation && (
        <Button type="link" size="small" onClick={() => onShowSiteInformation(hit.site.id)}>
          Site Information
        </Button>
      )}
    </div>,
    element,
  );
}
