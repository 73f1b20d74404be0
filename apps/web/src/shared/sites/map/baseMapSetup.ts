import * as maplibregl from 'maplibre-gl';
import { baseMapListSchema, type BaseMapChoice } from '@planning/shared';
import { api } from '../../../api/client';
import { registerPmtilesProtocol } from '../../../components/map/pmtilesProtocol';
import { fetchBoundaryLabels, showBoundaryLabels } from './boundaryLabels';

// Archives are opened with the council's header (councilBaseMap.ts); the session cookie goes too.
registerPmtilesProtocol();

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
