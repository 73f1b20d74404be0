import { useState } from 'react';
import { Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Layer, MapCardField, MapMetadataCardConfig } from '@planning/shared';
import { LayerConfigScreen } from './LayerConfigScreen';
import { layerLabel, moved } from './lists';
import { useLayerConfigEditor } from './useLayerConfigEditor';

/** A layer whose fields were all removed has no card: it shows every property again. */
const prepare = (draft: MapMetadataCardConfig): MapMetadataCardConfig => ({
  fields_config: draft.fields_config.filter((entry) => entry.fields.length > 0),
});

/**
 * /admin/placemaker/map-info-card and /admin/consultations/map-info-card (spec 03 §2, §3.2 Map
 * metadata card): per layer, the lines a feature's card shows on the map, each a label and the
 * property it shows. Both apps' routes edit the council's one document.
 */
export function MapInfoCardPage() {
  const editor = useLayerConfigEditor('map-metadata-card', prepare);
  const [chosen, setChosen] = useState<string | null>(null);
  const layers = editor.layers.data ?? [];
  const draft = editor.draft ?? { fields_config: [] };
  const layer = layers.find((candidate) => candidate.id === chosen) ?? null;
  const index = draft.fields_config.findIndex((entry) => entry.layerId === chosen);
  const entry = index >= 0 ? draft.fields_config[index] : undefined;

  const setFields = (fields: MapCardField[]) => {
    if (!layer) return;
    const next = { layerId: layer.id, layerTheme: layer.themeName, fields };
    editor.change({
      fields_config:
        index >= 0
          ? draft.fields_config.map((item, at) => (at === index ? next : item))
          : [...draft.fields_config, next],
    });
  };
  const withCards = draft.fields_config
    .map((item) => ({ item, layer: layers.find((candidate) => candidate.id === item.layerId) }))
    .filter((row) => row.item.fields.length > 0);

  return (
    <LayerConfigScreen
      type="map-metadata-card"
      title="Map metadata card"
      intro={
        <p>
          Choose what a feature’s card shows when someone clicks it on a map. A layer without a card shows all
          of its properties.
        </p>
      }
      editor={editor}
    >
      <Form
        layout="vertical"
        className="layer-config__form"
        onSubmitCapture={(event) => event.preventDefault()}
      >
        <Form.Item label="Layer" htmlFor="map-card-layer">
          <Select
            id="map-card-layer"
            className="layer-config__layer-select"
            placeholder="Choose a layer"
            showSearch={{ optionFilterProp: 'label' }}
            value={chosen ?? undefined}
            onChange={(value: string) => setChosen(value)}
            options={layers.map((item) => ({ value: item.id, label: layerLabel(item) }))}
          />
        </Form.Item>
        {layer && (
          <section aria-labelledby="map-card-fields" className="layer-config__section">
            <Typography.Title level={2} id="map-card-fields" className="layer-config__heading">
              Card of {layer.title}
            </Typography.Title>
            {!entry || entry.fields.length === 0 ? (
              <p>This layer has no card yet: its features show all their properties.</p>
            ) : (
              <ol className="layer-config__rows">
                {entry.fields.map((field, at) => (
                  <FieldRow
                    key={at}
                    layer={layer}
                    field={field}
                    position={at}
                    count={entry.fields.length}
                    problems={{
                      label: editor.problems.get(`fields_config.${index}.fields.${at}.label`),
                      value: editor.problems.get(`fields_config.${index}.fields.${at}.value`),
                    }}
                    onChange={(next) => setFields(entry.fields.map((item, i) => (i === at ? next : item)))}
                    onMove={(by) => setFields(moved(entry.fields, at, by))}
                    onRemove={() => setFields(entry.fields.filter((_, i) => i !== at))}
                  />
                ))}
              </ol>
            )}
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setFields([...(entry?.fields ?? []), { label: '', value: '' }])}
            >
              Add field
            </Button>
          </section>
        )}
      </Form>
      <section aria-labelledby="map-card-layers" className="layer-config__section">
        <Typography.Title level={2} id="map-card-layers" className="layer-config__heading">
          Layers with a card
        </Typography.Title>
        <Table
          size="small"
          pagination={false}
          rowKey={(row) => row.item.layerId}
          dataSource={withCards}
          locale={{ emptyText: 'No layer has a card yet' }}
          columns={[
            {
              title: 'Layer',
              render: (_, row) => (
                <Button
                  type="link"
                  className="layer-config__link"
                  onClick={() => setChosen(row.item.layerId)}
                >
                  {row.layer ? layerLabel(row.layer) : row.item.layerId}
                </Button>
              ),
            },
            {
              title: 'Fields',
              render: (_, row) => row.item.fields.map((field) => field.label || '(no label)').join(', '),
            },
          ]}
        />
      </section>
    </LayerConfigScreen>
  );
}

function FieldRow({
  layer,
  field,
  position,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
}: {
  layer: Layer;
  field: MapCardField;
  position: number;
  count: number;
  problems: { label?: string; value?: string };
  onChange: (next: MapCardField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = position + 1;
  const labelId = `map-card-label-${n}`;
  const valueId = `map-card-value-${n}`;
  // The layer's columns; a property no longer among them stays choosable until it is changed.
  const columns = layer.fields.map((column) => ({
    value: column.name,
    label: column.label && column.label !== column.name ? `${column.label} (${column.name})` : column.name,
  }));
  if (field.value && !columns.some((column) => column.value === field.value))
    columns.push({ value: field.value, label: `${field.value} (not in the layer)` });
  return (
    <li className="layer-config__row">
      <Form.Item
        label={`Label ${n}`}
        htmlFor={labelId}
        validateStatus={problems.label ? 'error' : undefined}
        help={problems.label}
      >
        <Input
          id={labelId}
          value={field.label}
          maxLength={200}
          onChange={(event) => onChange({ ...field, label: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={`Property ${n}`}
        htmlFor={valueId}
        validateStatus={problems.value ? 'error' : undefined}
        help={problems.value}
      >
        <Select
          id={valueId}
          className="layer-config__property"
          placeholder="Choose a property"
          showSearch={{ optionFilterProp: 'label' }}
          value={field.value || undefined}
          options={columns}
          notFoundContent="This layer has no properties"
          onChange={(value: string) =>
            onChange({ ...field, value, label: field.label || labelOf(layer, value) })
          }
        />
      </Form.Item>
      <Space className="layer-config__row-actions">
        <Button
          aria-label={`Move field ${n} up`}
          icon={<ArrowUpOutlined aria-hidden />}
          disabled={position === 0}
          onClick={() => onMove(-1)}
        />
        <Button
          aria-label={`Move field ${n} down`}
          icon={<ArrowDownOutlined aria-hidden />}
          disabled={position === count - 1}
          onClick={() => onMove(1)}
        />
        <Button
          aria-label={`Remove field ${n}`}
          icon={<DeleteOutlined aria-hidden />}
          danger
          onClick={onRemove}
        />
      </Space>
    </li>
  );
}

/** A new line's label: the column's own label when it has one, else its name. */
const labelOf = (layer: Layer, name: string) =>
  layer.fields.find((column) => column.name === name)?.label ?? name;
