import * as maplibregl from 'maplibre-gl';
import { baseMapListSchema, type BaseMapChoice } from '@planning/shared';
import { api, fetchBlob } from '../../../api/client';
import { registerPmtilesProtocol } from '../../../components/map/pmtilesProtocol';
import { fetchBoundaryLabels, showBoundaryLabels } from './boundaryLabels';

// Archive ranges go through the API client: the council and the session, as for every other call.
registerPmtilesProtocol(async (url, range, signal) => {
  const blob = await fetchBlob(url.replace(window.location.origin, ''), {
    headers: { Range: range },
    signal,
  });
  // fetchBlob refuses anything but 2xx; a 206 holds the range, a 200 (Range ignored) everything.
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { status: bytes.length > rangeLength(range) ? 200 : 206, bytes };
});

function rangeLength(range: string): number {
  const [start = 0, end = 0] = range.replace('bytes=', '').split('-').map(Number);
  return end - start + 1;
}

/** GET /basemaps: the council's PMTiles archives and style documents. */
export async function fetchCouncilBaseMaps(signal?: AbortSignal): Promise<BaseMapChoice[]> {
  return (await api.get('/basemaps', baseMapListSchema, { signal })).baseMaps;
}

/**
 * What every map of sites has besides its style: a metric scale bar, and the names of the
 * council's wards, parishes and neighbourhoods once the map has loaded. Returns the clean-up.
 */
export function prepareMap(map: maplibregl.Map): () => void {
  map.addControl(new maplibregl.ScaleControl({ unit: 'metric', maxWidth: 120 }), 'bottom-left');
  const controller = new AbortController();
  let removeLabels: (() => void) | null = null;
  map.once('load', () => {
    fetchBoundaryLabels(controller.signal)
      .then((labels) => {
        if (!controller.signal.aborted) removeLabels = showBoundaryLabels(map, labels);
      })
      // Without labels the map still works: they are a help, not its content.
      .catch(() => undefined);
  });
  return () => {
    controller.abort();
    removeLabels?.();
  };
}
