import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Layer, LayersOrderConfig, LayersOrderGroup } from '@planning/shared';
import { LayerConfigScreen } from './LayerConfigScreen';
import { layerLabel, moved } from './lists';
import { useLayerConfigEditor } from './useLayerConfigEditor';

/**
 * /admin/placemaker/geodata/layers-order (spec 03 §3.2 Layers order): the layer tree's groups,
 * each a name and its layers in order. Every map shows these groups first, then the layers in no
 * group under their themes. One document per council.
 */
export function LayersOrderPage() {
  const editor = useLayerConfigEditor('layers-order');
  const layers = editor.layers.data ?? [];
  const draft: LayersOrderConfig = editor.draft ?? { groups: [] };
  const byId = new Map(layers.map((layer) => [layer.id, layer]));
  const grouped = new Set(draft.groups.flatMap((group) => group.layersOrder));
  const free = layers.filter((layer) => !grouped.has(layer.id));
  const setGroups = (groups: LayersOrderGroup[]) => editor.change({ groups });
  const setGroup = (at: number, group: LayersOrderGroup) =>
    setGroups(draft.groups.map((item, i) => (i === at ? group : item)));

  return (
    <LayerConfigScreen
      type="layers-order"
      title="Layers order"
      intro={
        <p>
          Group the layers as every map’s layer tree should show them, in order. Layers in no group follow,
          under their themes.
        </p>
      }
      editor={editor}
    >
      <Form
        layout="vertical"
        className="layer-config__form"
        onSubmitCapture={(event) => event.preventDefault()}
      >
        {draft.groups.length === 0 && <p>No groups yet: the layer tree shows the layers by theme.</p>}
        <ol className="layer-config__groups">
          {draft.groups.map((group, at) => (
            <li key={at}>
              <GroupCard
                group={group}
                position={at}
                count={draft.groups.length}
                byId={byId}
                free={free}
                problem={(path) => editor.problems.get(`groups.${at}${path}`)}
                onChange={(next) => setGroup(at, next)}
                onMove={(by) => setGroups(moved(draft.groups, at, by))}
                onRemove={() => setGroups(draft.groups.filter((_, i) => i !== at))}
              />
            </li>
          ))}
        </ol>
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setGroups([...draft.groups, { groupName: '', layersOrder: [] }])}
        >
          Add group
        </Button>
      </Form>
      <section aria-labelledby="layers-in-no-group" className="layer-config__section">
        <Typography.Title level={2} id="layers-in-no-group" className="layer-config__heading">
          Layers in no group
        </Typography.Title>
        {free.length === 0 ? (
          <p>Every layer is in a group.</p>
        ) : (
          <ul className="layer-config__free">
            {free.map((layer) => (
              <li key={layer.id}>{layerLabel(layer)}</li>
            ))}
          </ul>
        )}
      </section>
    </LayerConfigScreen>
  );
}

function GroupCard({
  group,
  position,
  count,
  byId,
  free,
  problem,
  onChange,
  onMove,
  onRemove,
}: {
  group: LayersOrderGroup;
  position: number;
  count: number;
  byId: ReadonlyMap<string, Layer>;
  free: Layer[];
  problem: (path: string) => string | undefined;
  onChange: (next: LayersOrderGroup) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = position + 1;
  const name = group.groupName.trim() || `group ${n}`;
  const nameId = `layers-order-group-${n}`;
  const nameProblem = problem('.groupName') ?? problem('');
  const setLayers = (layersOrder: string[]) => onChange({ ...group, layersOrder });
  return (
    <Card
      size="small"
      className="layer-config__group"
      title={
        <Form.Item
          label={`Group ${n} name`}
          htmlFor={nameId}
          className="layer-config__group-name"
          validateStatus={nameProblem ? 'error' : undefined}
          help={nameProblem}
        >
          <Input
            id={nameId}
            value={group.groupName}
            maxLength={200}
            onChange={(event) => onChange({ ...group, groupName: event.target.value })}
          />
        </Form.Item>
      }
      extra={
        <Space>
          <Button
            aria-label={`Move ${name} up`}
            icon={<ArrowUpOutlined aria-hidden />}
            disabled={position === 0}
            onClick={() => onMove(-1)}
          />
          <Button
            aria-label={`Move ${name} down`}
            icon={<ArrowDownOutlined aria-hidden />}
            disabled={position === count - 1}
            onClick={() => onMove(1)}
          />
          <Button
            aria-label={`Remove ${name}`}
            icon={<DeleteOutlined aria-hidden />}
            danger
            onClick={onRemove}
          />
        </Space>
      }
    >
      {group.layersOrder.length === 0 ? (
        <p className="layer-config__empty">No layers in this group yet.</p>
      ) : (
        <ol className="layer-config__rows" aria-label={`Layers of ${name}`}>
          {group.layersOrder.map((id, at) => {
            const layer = byId.get(id);
            const title = layer ? layer.title : 'A deleted layer';
            return (
              <li key={id} className="layer-config__layer">
                <span className="layer-config__layer-title">{layer ? layerLabel(layer) : title}</span>
                <Space>
                  <Button
                    size="small"
                    aria-label={`Move ${title} up`}
                    icon={<ArrowUpOutlined aria-hidden />}
                    disabled={at === 0}
                    onClick={() => setLayers(moved(group.layersOrder, at, -1))}
                  />
                  <Button
                    size="small"
                    aria-label={`Move ${title} down`}
                    icon={<ArrowDownOutlined aria-hidden />}
                    disabled={at === group.layersOrder.length - 1}
                    onClick={() => setLayers(moved(group.layersOrder, at, 1))}
                  />
                  <Button
                    size="small"
                    aria-label={`Take ${title} out of ${name}`}
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => setLayers(group.layersOrder.filter((item) => item !== id))}
                  />
                </Space>
              </li>
            );
          })}
        </ol>
      )}
      <Select
        className="layer-config__add-layer"
        aria-label={`Add a layer to ${name}`}
        placeholder="Add a layer"
        showSearch={{ optionFilterProp: 'label' }}
        value={null}
        notFoundContent="Every layer is in a group"
        options={free.map((layer) => ({ value: layer.id, label: layerLabel(layer) }))}
        onChange={(id: string | null) => id && setLayers([...group.layersOrder, id])}
      />
    </Card>
  );
}
