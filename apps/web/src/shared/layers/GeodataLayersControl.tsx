import { useEffect, useMemo, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Spin } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import * as maplibregl from 'maplibre-gl';
import { formatMapCardValue, mapCardLines, type Layer, type MapMetadataCardConfig } from '@planning/shared';
import { fetchLayerConfig, fetchLayerFeature, fetchLayerTree, layerQueryKeys, type MapAudience } from './api';
import { mapLayerIdsOf } from './layerMapStyle';
import { orderLayerGroups, tooltipsById, type LayerGroup } from './layerOrder';
import { LayerTree } from './LayerTree';
import { useGeodataLayers } from './useGeodataLayers';
import './layers.css';

const NO_THEME = 'Other layers';

/**
 * The council's geodata layers on a map (issue 13 point 4): a 'Layers' button opening the layer
 * tree and key; the layers switched on drawn under `beforeId` (the sites); a click on a feature
 * (where no site is) opens its metadata card with the feature's data. The council's layer configs
 * apply on every map: Layers order to the tree, Layer tree tooltips beside the names, Map
 * metadata card to the feature cards. Which layers there are depends on the audience (spec 03 §6).
 */
export function GeodataLayersControl({
  map,
  ready,
  beforeId,
  siteLayerIds,
  audience = 'placemaker',
}: {
  map: maplibregl.Map | null;
  ready: boolean;
  beforeId?: string;
  /** Clicks on these (the sites) are the site popup's, not a feature card's. */
  siteLayerIds: string[];
  /** Staff maps (the default), or the public web map (no sign-in needed). */
  audience?: MapAudience;
}) {
  const tree = useQuery({
    queryKey: layerQueryKeys.tree(audience),
    queryFn: ({ signal }) => fetchLayerTree(audience, signal),
  });
  // A config that cannot be read leaves the map as it would be without it: never without layers.
  const order = useQuery({
    queryKey: layerQueryKeys.config('layers-order', audience),
    queryFn: ({ signal }) => fetchLayerConfig('layers-order', audience, signal),
  });
  const tips = useQuery({
    queryKey: layerQueryKeys.config('layer-tree-tooltips', audience),
    queryFn: ({ signal }) => fetchLayerConfig('layer-tree-tooltips', audience, signal),
  });
  const cards = useQuery({
    queryKey: layerQueryKeys.config('map-metadata-card', audience),
    queryFn: ({ signal }) => fetchLayerConfig('map-metadata-card', audience, signal),
  });
  const groups: LayerGroup[] = useMemo(
    () =>
      orderLayerGroups(
        (tree.data?.groups ?? []).map((group) => ({
          title: group.theme?.name ?? NO_THEME,
          layers: group.layers,
        })),
        order.data,
      ),
    [tree.data, order.data],
  );
  const tooltips = useMemo(() => tooltipsById(tips.data), [tips.data]);
  const layers = useMemo(() => groups.flatMap((group) => group.layers), [groups]);
  const [open, setOpen] = useState(false);
  const [visible, setVisible] = useState<Set<string> | null>(null);
  // Spec 03 §3.6 addOnMap: those layers are on when the map opens.
  const shown = useMemo(
    () => visible ?? new Set(layers.filter((layer) => layer.addOnMap).map((layer) => layer.id)),
    [visible, layers],
  );
  useGeodataLayers(map, ready, layers, shown, beforeId, audience);
  useFeatureCards(map, ready, { layers, visible: shown, siteLayerIds, cards: cards.data, audience });

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
            tooltips={tooltips}
            describe={(layer) =>
              (audience === 'public' ? layer.publicWebMapDescription : layer.placemakerDescription) ??
              layer.defaultDescription
            }
          />
        </div>
      )}
    </div>
  );
}

type CardState = {
  layers: Layer[];
  visible: ReadonlySet<string>;
  siteLayerIds: string[];
  cards: MapMetadataCardConfig | undefined;
  audience: MapAudience;
};

/** Spec 03 §3.2 map metadata card: the clicked feature's fields, fetched when clicked. */
function useFeatureCards(map: maplibregl.Map | null, ready: boolean, current: CardState) {
  const popup = useRef<{ popup: maplibregl.Popup; root: Root } | null>(null);
  // What a click reads: kept current after each render, so the map's one handler needs no rebinding.
  const state = useRef(current);
  useEffect(() => {
    state.current = current;
  });
  useEffect(() => {
    if (!map || !ready) return;
    const onClick = (event: maplibregl.MapMouseEvent) => {
      const { layers: all, visible: on, siteLayerIds: sites, cards, audience } = state.current;
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
      // Its own React root, outside the app's providers: the card gets what it needs as props.
      root.render(<FeatureCard layer={layer} featureId={String(hit.id)} cards={cards} audience={audience} />);
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

/**
 * Spec 03 §3.2 Map metadata card: a layer with an entry in the council's config shows exactly its
 * fields (label: value; '-' when empty, numbers to 2 decimals); any other layer every property.
 */
function FeatureCard({
  layer,
  featureId,
  cards,
  audience,
}: {
  layer: Layer;
  featureId: string;
  cards: MapMetadataCardConfig | undefined;
  audience: MapAudience;
}) {
  const [data, setData] = useState<Awaited<ReturnType<typeof fetchLayerFeature>> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchLayerFeature(layer.id, featureId, audience, controller.signal).then(setData, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [layer.id, featureId, audience]);
  const labels = new Map(layer.fields.map((field) => [field.name, field.label ?? field.name]));
  const lines = data
    ? (mapCardLines(cards, layer.id, data.properties) ??
      Object.entries(data.properties).map(([name, value]) => ({
        label: labels.get(name) ?? name,
        text: formatMapCardValue(value),
      })))
    : [];
  return (
    <Card size="small" title={layer.title} className="feature-card" variant="borderless">
      {failed ? (
        <p role="alert">Failed to get value</p>
      ) : !data ? (
        <Spin size="small" />
      ) : (
        <dl className="feature-card__fields">
          {lines.map((line, index) => (
            <div key={index}>
              <dt>{line.label}</dt>
              <dd>{line.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
