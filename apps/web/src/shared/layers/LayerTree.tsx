import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Empty, Input, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { Layer } from '@planning/shared';
import { keyColour, visibleTags } from './layerMapStyle';
import type { LayerGroup } from './layerOrder';

/** Spec 03 §9: the layer tree's search waits 100 ms after the last key. */
export const LAYER_SEARCH_DEBOUNCE_MS = 100;

export type { LayerGroup };

/**
 * Spec 03 §2 map layer builder: the council's layers in their groups (the Layers order config's,
 * then themes), searchable, each with its tags (4, then '+n'), its description as a tooltip and
 * its Layer tree tooltip behind an info icon, a visibility toggle per layer and 'Show all layers';
 * below, the key (legend) of the layers shown.
 */
export function LayerTree({
  groups,
  loading,
  failed,
  visible,
  onChange,
  tooltips = new Map(),
  describe = (layer) => layer.placemakerDescription ?? layer.defaultDescription,
}: {
  groups: LayerGroup[];
  loading: boolean;
  failed: boolean;
  visible: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Layer id → the tooltip the Layer tree tooltips config gives it. */
  tooltips?: ReadonlyMap<string, string>;
  /** The description shown on the layer's name: the staff's, or the public web map's. */
  describe?: (layer: Layer) => string | null;
}) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim().toLowerCase()), LAYER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const all = useMemo(() => groups.flatMap((group) => group.layers), [groups]);
  const shown = useMemo(
    () =>
      groups
        .map((group) => ({
          ...group,
          layers: group.layers.filter(
            (layer) =>
              !term ||
              layer.title.toLowerCase().includes(term) ||
              layer.tags.some((tag) => tag.toLowerCase().includes(term)) ||
              group.title.toLowerCase().includes(term),
          ),
        }))
        .filter((group) => group.layers.length > 0),
    [groups, term],
  );
  const toggle = (id: string, on: boolean) => {
    const next = new Set(visible);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  const everyOn = all.length > 0 && all.every((layer) => visible.has(layer.id));
  const keyed = all.filter((layer) => visible.has(layer.id));

  if (loading) return <Spin />;
  if (failed) return <p role="alert">Failed to fetch layer meta</p>;
  if (all.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No layers yet" />;
  return (
    <div className="layer-tree">
      <Input
        type="search"
        placeholder="Search layers"
        aria-label="Search layers"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <label className="layer-tree__all">
        <Switch
          size="small"
          checked={everyOn}
          onChange={(on) => onChange(on ? new Set(all.map((layer) => layer.id)) : new Set())}
        />
        Show all layers
      </label>
      {shown.length === 0 && <p className="layer-tree__none">No layers match “{text.trim()}”.</p>}
      {shown.map((group) => (
        <section key={group.title} className="layer-tree__group" aria-label={group.title}>
          <Typography.Text strong className="layer-tree__theme">
            {group.title}
          </Typography.Text>
          <ul className="layer-tree__layers">
            {group.layers.map((layer) => {
              const { shown: tags, more } = visibleTags(layer.tags);
              const description = describe(layer);
              const tip = tooltips.get(layer.id);
              const tipId = `layer-tip-${layer.id}`;
              return (
                <li key={layer.id} className="layer-tree__layer">
                  <Checkbox
                    checked={visible.has(layer.id)}
                    onChange={(event) => toggle(layer.id, event.target.checked)}
                    aria-describedby={tip ? tipId : undefined}
                  >
                    <Tooltip title={description ?? undefined}>
                      <span>{layer.title}</span>
                    </Tooltip>
                  </Checkbox>
                  {tip && (
                    <>
                      {/* Read by screen readers with the checkbox and the icon, shown or not. */}
                      <span id={tipId} className="visually-hidden">
                        {tip}
                      </span>
                      <Tooltip title={tip} trigger={['hover', 'focus']}>
                        <button
                          type="button"
                          className="layer-tree__info"
                          aria-label={`About ${layer.title}`}
                          aria-describedby={tipId}
                        >
                          <InfoCircleOutlined aria-hidden />
                        </button>
                      </Tooltip>
                    </>
                  )}
                  <span className="layer-tree__tags">
                    {tags.map((tag) => (
                      <Tag key={tag} bordered={false}>
                        {tag}
                      </Tag>
                    ))}
                    {more > 0 && (
                      <Tooltip title={layer.tags.slice(4).join(', ')}>
                        <Tag bordered={false}>+{more}</Tag>
                      </Tooltip>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {keyed.length > 0 && (
        <section className="layer-tree__key" aria-label="Key">
          <Typography.Text strong>Key</Typography.Text>
          <ul>
            {keyed.map((layer) => (
              <li key={layer.id}>
                <span className="layer-tree__swatch" style={{ background: keyColour(layer) }} aria-hidden />
                {layer.title}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
