import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../../components/map/maplibreWorker';
import { API_BASE_PATH, type BaseMapInfo } from '@planning/shared';
import { apiTransformRequest } from '../../components/map/councilBaseMapLayers';

// Great Britain, when the council has no place yet.
const GB_CENTRE: [number, number] = [-2.5, 54];

type Props = {
  value: [number, number] | null;
  onChange: (lonLat: [number, number]) => void;
  baseMaps: BaseMapInfo[];
  mainColor: string;
};

/** The offline map (land, the council's boundaries) with its OS raster when it has one. */
function pickerStyle(origin: string, baseMaps: BaseMapInfo[]): maplibregl.StyleSpecification {
  const os = baseMaps.find((map) => map.layer === 'os');
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: `${origin}/basemap/land.json`, attribution: 'Natural Earth' },
      boundaries: { type: 'geojson', data: `${origin}${API_BASE_PATH}/search/boundaries` },
      ...(os
        ? {
            os: {
              type: 'raster',
              tiles: [`${origin}${API_BASE_PATH}/basemaps/os/{z}/{x}/{y}`],
              tileSize: os.tileSize,
              maxzoom: os.maxZoom,
              ...(os.attribution ? { attribution: os.attribution } : {}),
            },
          }
        : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#d4e6f1' } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f4f1ea' } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': '#9fb6c4', 'line-width': 1 } },
      ...(os ? [{ id: 'os', type: 'raster' as const, source: 'os' }] : []),
      {
        id: 'district-line',
        type: 'line',
        source: 'boundaries',
        filter: ['==', ['get', 'kind'], 'district'],
        paint: { 'line-color': '#0b0c0c', 'line-width': 2 },
      },
    ],
  };
}

/**
 * Pick the council's place: click the map or drag the pin (the longitude and latitude boxes
 * beside it do the same from the keyboard).
 */
export default function LocationMap({ value, onChange, baseMaps, mainColor }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const markerRef = useRef<maplibregl.Marker | null>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const initial = useRef(value);

  useEffect(() => {
    if (!container.current) return;
    const origin = window.location.origin;
    const map = new maplibregl.Map({
      container: container.current,
      style: pickerStyle(origin, baseMaps),
      center: initial.current ?? GB_CENTRE,
      zoom: initial.current ? 10 : 5,
      attributionControl: { compact: true },
      transformRequest: apiTransformRequest(origin),
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const marker = new maplibregl.Marker({ draggable: true, color: mainColor });
    markerRef.current = marker;
    mapRef.current = map;
    if (initial.current) marker.setLngLat(initial.current).addTo(map);
    const report = (lngLat: maplibregl.LngLat) =>
      onChangeRef.current([Number(lngLat.lng.toFixed(6)), Number(lngLat.lat.toFixed(6))]);
    marker.on('dragend', () => report(marker.getLngLat()));
    map.on('click', (event) => {
      marker.setLngLat(event.lngLat).addTo(map);
      report(event.lngLat);
    });
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      map.remove();
      markerRef.current = null;
      mapRef.current = null;
    };
  }, [baseMaps, mainColor]);

  // Typed coordinates move the pin.
  useEffect(() => {
    const marker = markerRef.current;
    const map = mapRef.current;
    if (!marker || !map) return;
    if (value) marker.setLngLat(value).addTo(map);
    else marker.remove();
  }, [value]);

  return (
    <div
      ref={container}
      className="council-settings__map"
      role="application"
      aria-label="Map: click to place the council's location, or drag the pin"
    />
  );
}
