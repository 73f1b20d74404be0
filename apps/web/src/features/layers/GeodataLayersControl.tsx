import { useEffect, useMemo, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Spin } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import * as maplibregl from 'maplibre-gl';
import type { Layer } from '@planning/shared';
import { fetchLayerFeature, fetchLayerTree, layerQueryKeys } from './api';
import { mapLayerIdsOf } from './layerMapStyle';
import { LayerTree, type LayerGroup } from './LayerTree';
import { useGeodataLayers } from './useGeodataLayers';
import './layers.css';

const NO_THEME = 'Other layers';

/**
 * The council's geodata layers on a map (issue 13 point 4): a 'Layers' button opening the layer
 * tree and key; the layers switched on drawn under `beforeId` (the sites); a click on a feature
 * (where no site is) opens its metadata card with the feature's data.
 */
export function GeodataLayersControl({
  map,
  ready,
  beforeId,
  siteLayerIds,
}: {
  map: maplibregl.Map | null;
  ready: boolean;
  beforeId?: string;
  /** Clicks on these (the sites) are the site popup's, not a feature card's. */
  siteLayerIds: string[];
}) {
  const tree = useQuery({ queryKey: layerQueryKeys.tree, queryFn: ({ signal }) => fetchLayerTree(signal) });
  const groups: LayerGroup[] = useMemo(
    () =>
      (tree.data?.groups ?? [])
        .map((group) => ({ title: group.theme?.name ?? NO_THEME, layers: group.layers }))
        .filter((group) => group.layers.length > 0),
    [tree.data],
  );
  const layers = useMemo(() => groups.flatMap((group) => group.layers), [groups]);
  const [open, setOpen] = useState(false);
  const [visible, setVisible] = useState<Set<string> | null>(null);
  // Spec 03 §3.6 addOnMap: those layers are on when the map opens.
  const shown = useMemo(
    () => visible ?? new Set(layers.filter((layer) => layer.addOnMap).map((layer) => layer.id)),
    [visible, layers],
  );
  useGeodataLayers(map, ready, layers, shown, beforeId);
  useFeatureCards(map, ready, layers, shown, siteLayerIds);

  if (!tree.isPending && !tree.isError && layers.length === 0) return null;
  return (
    <div className="geodata-control">
      <Button size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
        Layers{shown.size > 0 ? ` (${shown.size})` : ''}
      </Button>
      {open && (
        <div className="geodata-control__panel" role="dialog" aria-label="Map layers">
          <div className="geodata-control__head">
            <strong>Map layers</strong>
            <Button
              size="small"
              type="text"
              aria-label="Close map layers"
              icon={<CloseOutlined aria-hidden />}
              onClick={() => setOpen(false)}
            />
          </div>
          <LayerTree
            groups={groups}
            loading={tree.isPending}
            failed={tree.isError}
            visible={shown}
            onChange={setVisible}
          />
        </div>
      )}
    </div>
  );
}

/** Spec 03 §3.2 map metadata card: the clicked feature's fields, fetched when clicked. */
function useFeatureCards(
  map: maplibregl.Map | null,
  ready: boolean,
  layers: Layer[],
  visible: ReadonlySet<string>,
  siteLayerIds: string[],
) {
  const popup = useRef<{ popup: maplibregl.Popup; root: Root } | null>(null);
  // What a click reads: kept current after each render, so the map's one handler needs no rebinding.
  const state = useRef({ layers, visible, siteLayerIds });
  useEffect(() => {
    state.current = { layers, visible, siteLayerIds };
  });
  useEffect(() => {
    if (!map || !ready) return;
    const onClick = (event: maplibregl.MapMouseEvent) => {
      const { layers: all, visible: on, siteLayerIds: sites } = state.current;
      const present = (ids: string[]) => ids.filter((id) => map.getLayer(id));
      if (map.queryRenderedFeatures(event.point, { layers: present(sites) }).length > 0) return;
      const ids = present(
        all.filter((layer) => on.has(layer.id)).flatMap((layer) => mapLayerIdsOf(layer.id)),
      );
      if (ids.length === 0) return;
      const hit = map.queryRenderedFeatures(event.point, { layers: ids })[0];
      const layer = hit && all.find((candidate) => mapLayerIdsOf(candidate.id).includes(hit.layer.id));
      if (!hit || !layer || hit.id === undefined) return;
      popup.current?.popup.remove();
      const element = document.createElement('div');
      const root = createRoot(element);
      root.render(<FeatureCard layer={layer} featureId={String(hit.id)} />);
      const next = new maplibregl.Popup({ maxWidth: '320px', focusAfterOpen: true })
        .setLngLat(event.lngLat)
        .setDOMContent(element)
        .addTo(map);
      next.on('close', () => queueMicrotask(() => root.unmount()));
      popup.current = { popup: next, root };
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      popup.current?.popup.remove();
    };
  }, [map, ready]);
}

function FeatureCard({ layer, featureId }: { layer: Layer; featureId: string }) {
  const [data, setData] = useState<Awaited<ReturnType<typeof fetchLayerFeature>> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchLayerFeature(layer.id, featureId, controller.signal).then(setData, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [layer.id, featureId]);
  const labels = new Map(layer.fields.map((field) => [field.name, field.label ?? field.name]));
  return (
    <Card size="small" title={layer.title} className="feature-card" variant="borderless">
      {failed ? (
        <p role="alert">Failed to get value</p>
      ) : !data ? (
        <Spin size="small" />
      ) : (
        <dl className="feature-card__fields">
          {Object.entries(data.properties).map(([name, value]) => (
            <div key={name}>
              <dt>{labels.get(name) ?? name}</dt>
              <dd>{value === null || value === undefined || value === '' ? '-' : String(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
