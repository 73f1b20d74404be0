import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../../../components/map/maplibreWorker';
import type { Layer, LayerStyle } from '@planning/shared';
import {
  layerSource,
  layerSourceId,
  layerStyleLayers,
  mapLayerIdsOf,
  type MapLayerInfo,
} from '../../../shared/layers/layerMapStyle';
import { prepareMap } from '../../../shared/sites/map/baseMapSetup';
import { apiTransformRequest, DEFAULT_CENTRE, MAP } from '../../../shared/sites/map/mapStyle';
import { fetchLayerExtent, geodataQueryKeys } from '../api';
import { previewMapStyle } from './previewMapStyle';
import { LoadingSpin } from '../../../components/LoadingSpin';

type Bbox = [number, number, number, number];
const FIT = { padding: 40, maxZoom: 16 } as const;
/** How many features a map hands on (ids from its loaded tiles, lowest first). */
const FEATURES_HANDED = 10;

type Props = {
  layer: Layer;
  /** The style to draw: the edit screen's unsaved one, or the stored one. */
  style: LayerStyle;
  label: string;
  /** A feature's extent to show (the view screen's table). */
  focus?: Bbox | null;
  /** The ids of the first features in the map's tiles, lowest first, once they are drawn. */
  onFeatures?: (ids: string[]) => void;
};

/** The layer's map, once its extent is known (GET /layers/{id}/extent) to fit the map to. */
export function LayerMap({ layer, ...props }: Props) {
  const extent = useQuery({
    queryKey: geodataQueryKeys.extent(layer.id, layer.version),
    queryFn: ({ signal }) => fetchLayerExtent(layer.id, signal),
  });
  const mapLayer = useMemo(
    () => ({
      id: layer.id,
      layerName: layer.layerName,
      version: layer.version,
      style: layer.style,
      geometryType: layer.geometryType,
    }),
    [layer],
  );
  if (extent.isPending)
    return (
      <div className="layer-preview-map layer-preview-map--waiting">
        <LoadingSpin label="Loading the layer’s extent" />
      </div>
    );
  // Without its extent (a failed answer) the map opens on the council's default view.
  return <LayerMapCanvas layer={mapLayer} bbox={extent.data?.bbox ?? null} {...props} />;
}

type CanvasProps = Omit<Props, 'layer'> & {
  layer: MapLayerInfo;
  /** The layer's WGS84 extent, to fit the map to; null for an empty layer. */
  bbox: Bbox | null;
};

/**
 * One geodata layer over the base map, fitted to its extent, drawn from its own tiles with the
 * style given (the layers admin's preview). A changed style is drawn at once; a new layer version
 * (a saved change) makes the map afresh.
 */
function LayerMapCanvas({ layer, style, bbox, label, focus, onFeatures }: CanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [ready, setReady] = useState(false);
  const onFeaturesRef = useRef(onFeatures);
  useEffect(() => {
    onFeaturesRef.current = onFeatures;
  });
  // The map reads these once made; later changes come through the effects below.
  const initial = useRef({ style, bbox });
  useEffect(() => {
    initial.current = { style, bbox };
  });

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    const first = initial.current;
    const map = new maplibregl.Map({
      container: container.current,
      style: previewMapStyle(origin),
      ...(first.bbox
        ? { bounds: first.bbox, fitBoundsOptions: FIT }
        : { center: DEFAULT_CENTRE, zoom: MAP.defaultZoom }),
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
      attributionControl: { compact: true },
      transformRequest: apiTransformRequest(origin),
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const unprepare = prepareMap(map);
    mapRef.current = map;
    let handed: string | null = null;
    const handFeatures = () => {
      if (!onFeaturesRef.current || !map.getSource(layerSourceId(layer.id))) return;
      const ids = new Set<string>();
      for (const feature of map.querySourceFeatures(layerSourceId(layer.id), {
        sourceLayer: layer.layerName,
      }))
        if (feature.id !== undefined) ids.add(String(feature.id));
      const first = [...ids].sort((a, b) => Number(a) - Number(b)).slice(0, FEATURES_HANDED);
      const key = first.join(',');
      if (key === handed) return;
      handed = key;
      onFeaturesRef.current(first);
    };
    map.on('load', () => {
      map.addSource(layerSourceId(layer.id), layerSource(origin, layer));
      for (const spec of layerStyleLayers({ ...layer, style: initial.current.style })) map.addLayer(spec);
      setReady(true);
    });
    map.on('idle', handFeatures);
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(container.current);
    return () => {
      unprepare();
      observer.disconnect();
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made afresh for each layer version
  }, [layer.id, layer.layerName, layer.version]);

  // The style as it is edited: the layer's map layers replaced (the source and its tiles stay).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    for (const id of mapLayerIdsOf(layer.id)) if (map.getLayer(id)) map.removeLayer(id);
    for (const spec of layerStyleLayers({ ...layer, style })) map.addLayer(spec);
  }, [ready, layer, style]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && ready && bbox) map.fitBounds(bbox, { ...FIT, animate: false });
  }, [ready, bbox]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && ready && focus) map.fitBounds(focus, { ...FIT, maxZoom: 17 });
  }, [ready, focus]);

  return (
    <div
      ref={container}
      className="layer-preview-map"
      role="region"
      aria-label={label}
      data-ready={ready || undefined}
    />
  );
}
