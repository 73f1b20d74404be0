import * as maplibregl from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// Imported by every module that makes a map: MapLibre's worker is a file of our own build (Vite
// gives its address), and MapLibre must be told it before the first map is made.
maplibregl.setWorkerUrl(maplibreWorkerUrl);
