import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import {
  colorProblem,
  expressionMessages,
  filterExpressionProblem,
  layerUpdateSchema,
  type Layer,
  type LayerStyle,
  type LayerUpdate,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import {
  createTheme,
  deleteLayer,
  deleteTheme,
  fetchAdminLayers,
  fetchThemes,
  geodataQueryKeys,
  updateLayer,
} from './api';
import './geodata.css';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'An error occurred, please try again';

/** The paint property holding a style's main colour: fill-color, line-color or circle-color. */
const colorKey = (style: LayerStyle) => `${style.type}-color`;
const colorOf = (style: LayerStyle | null) => {
  const value = style ? style.paint[colorKey(style)] : undefined;
  return typeof value === 'string' ? value : '';
};
const outlineOf = (style: LayerStyle | null) => {
  const value = style?.outline?.paint['line-color'];
  return typeof value === 'string' ? value : '';
};

type EditValues = {
  title: string;
  themeId: string | null;
  category: string;
  defaultDescription: string;
  placemakerDescription: string;
  publicWebMapDescription: string;
  placemakerVisibility: boolean;
  publicWebmapVisibility: boolean;
  addOnMap: boolean;
  zIndex: number;
  tags: string[];
  color: string;
  outline: string;
  /** The style's filter expression as JSON text; empty draws every feature. */
  filter: string;
};

/** The filter text's problem (spec 03 §5 messages), or null when it is empty or valid. */
function filterTextProblem(text: string): string | null {
  if (!text.trim()) return null;
  try {
    return filterExpressionProblem(JSON.parse(text));
  } catch {
    return expressionMessages.invalid;
  }
}

const filterRule = {
  validator: (_: unknown, value: string) => {
    const problem = filterTextProblem(value ?? '');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

const colorRule = {
  validator: (_: unknown, value: string) => {
    const problem = value ? colorProblem(value) : null;
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

function EditLayerModal({ layer, onClose }: { layer: Layer; onClose: () => void }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const themes = useQuery({
    queryKey: geodataQueryKeys.themes,
    queryFn: ({ signal }) => fetchThemes(signal),
  });
  const save = useMutation({
    mutationFn: (update: LayerUpdate) => updateLayer(layer.id, update),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['layers'] });
      void message.success('Layer saved');
      onClose();
    },
  });

  const handleFinish = (values: EditValues) => {
    let style: LayerStyle | undefined;
    if (layer.style) {
      style = {
        ...layer.style,
        paint: { ...layer.style.paint, [colorKey(layer.style)]: values.color },
        // Checked by the form's rule; an empty text draws every feature.
        filter: values.filter.trim() ? (JSON.parse(values.filter) as unknown[]) : undefined,
      };
      if (layer.style.outline && values.outline)
        style.outline = { paint: { ...layer.style.outline.paint, 'line-color': values.outline } };
    }
    const update = layerUpdateSchema.safeParse({
      title: values.title,
      themeId: values.themeId ?? null,
      category: values.category || null,
      defaultDescription: values.defaultDescription || null,
      placemakerDescription: values.placemakerDescription || null,
      publicWebMapDescription: values.publicWebMapDescription || null,
      placemakerVisibility: values.placemakerVisibility,
      publicWebmapVisibility: values.publicWebmapVisibility,
      addOnMap: values.addOnMap,
      zIndex: values.zIndex,
      tags: values.tags,
      ...(style ? { style } : {}),
    });
    if (!update.success) {
      void message.error(update.error.issues[0]?.message ?? 'Payload data is invalid');
      return;
    }
    save.mutate(update.data);
  };

  return (
    <Modal
      open
      title={`Edit ${layer.title}`}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{
          title: layer.title,
          themeId: layer.themeId,
          category: layer.category ?? '',
          defaultDescription: layer.defaultDescription ?? '',
          placemakerDescription: layer.placemakerDescription ?? '',
          publicWebMapDescription: layer.publicWebMapDescription ?? '',
          placemakerVisibility: layer.placemakerVisibility,
          publicWebmapVisibility: layer.publicWebmapVisibility,
          addOnMap: layer.addOnMap,
          zIndex: layer.zIndex,
          tags: layer.tags,
          color: colorOf(layer.style),
          outline: outlineOf(layer.style),
          filter: layer.style?.filter ? JSON.stringify(layer.style.filter) : '',
        }}
      >
        <Form.Item name="title" label="Title" rules={[{ required: true, max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="themeId" label="Theme">
          <Select
            allowClear
            loading={themes.isLoading}
            options={(themes.data?.themes ?? []).map((theme) => ({ value: theme.id, label: theme.name }))}
          />
        </Form.Item>
        <Form.Item name="category" label="Category">
          <Input />
        </Form.Item>
        <Form.Item name="defaultDescription" label="Default description">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="placemakerDescription" label="Placemaker description">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="publicWebMapDescription" label="Public web map description">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="placemakerVisibility" label="Visible in Placemaker" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="publicWebmapVisibility"
            label="Visible on the public web map"
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="addOnMap" label="Shown when the map opens" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="zIndex" label="Order (zIndex)">
            <InputNumber min={-1000} max={1000} />
          </Form.Item>
        </Space>
        <Form.Item name="tags" label="Tags">
          <Select mode="tags" tokenSeparators={[',']} />
        </Form.Item>
        {layer.style && (
          <Space wrap>
            <Form.Item name="color" label="Colour" rules={[{ required: true }, colorRule]}>
              <Input placeholder="#d4380d" />
            </Form.Item>
            {layer.style.outline && (
              <Form.Item name="outline" label="Outline colour" rules={[colorRule]}>
                <Input placeholder="#d4380d" />
              </Form.Item>
            )}
          </Space>
        )}
        {layer.style && (
          <Form.Item
            name="filter"
            label="Filter expression"
            extra={`Which features are drawn, e.g. ["==", ["get", "zone"], "Flood Zone 3"]. Fields: ${layer.fields
              .map((field) => field.name)
              .join(', ')}`}
            rules={[filterRule]}
          >
            <Input.TextArea rows={2} spellCheck={false} />
          </Form.Item>
        )}
        {save.isError && <Alert type="error" showIcon role="alert" message={errorText(save.error)} />}
      </Form>
    </Modal>
  );
}

/** The layer tree's themes (spec 03 §3.6): add one by name, delete one (its layers stay, without a theme). */
function ThemesSection() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const themes = useQuery({
    queryKey: geodataQueryKeys.themes,
    queryFn: ({ signal }) => fetchThemes(signal),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['layers'] });
  const add = useMutation({
    mutationFn: () => createTheme(name.trim()),
    onSuccess: () => {
      setName('');
      refresh();
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const remove = useMutation({
    mutationFn: deleteTheme,
    onSuccess: refresh,
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <section aria-labelledby="geodata-themes" className="geodata-page__themes">
      <Typography.Title level={2} id="geodata-themes">
        Themes
      </Typography.Title>
      <Space wrap>
        {(themes.data?.themes ?? []).map((theme) => (
          <Space key={theme.id} className="geodata-page__theme">
            {theme.name}
            <Button
              size="small"
              type="text"
              danger
              aria-label={`Delete theme ${theme.name}`}
              onClick={() => remove.mutate(theme.id)}
            >
              Delete
            </Button>
          </Space>
        ))}
        <Space.Compact>
          <Input
            aria-label="New theme name"
            placeholder="New theme"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => name.trim() && add.mutate()}
          />
          <Button onClick={() => add.mutate()} disabled={!name.trim()} loading={add.isPending}>
            Add theme
          </Button>
        </Space.Compact>
      </Space>
    </section>
  );
}

/** /admin/placemaker/geodata/layers: the council's layers, their metadata and colours, and deletes. */
export function GeodataLayersPage() {
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Layer | null>(null);
  const layers = useQuery({
    queryKey: geodataQueryKeys.layers,
    queryFn: ({ signal }) => fetchAdminLayers(signal),
  });
  const remove = useMutation({
    mutationFn: (layer: Layer) => deleteLayer(layer.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['layers'] });
      void message.success('Layer deleted');
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const handleDelete = (layer: Layer) =>
    modal.confirm({
      title: `Delete ${layer.title}?`,
      content: `Its ${layer.featureCount} features are deleted with it. This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => remove.mutateAsync(layer),
    });

  return (
    <div className="page geodata-page">
      <Space className="geodata-page__header" align="baseline">
        <h1 className="page__title">Layers</h1>
        <Link to="/admin/placemaker/geodata/upload">Upload geodata</Link>
      </Space>
      {layers.isError && <Alert type="error" showIcon role="alert" message={errorText(layers.error)} />}
      <Table<Layer>
        rowKey="id"
        loading={layers.isLoading}
        dataSource={layers.data?.layers ?? []}
        locale={{ emptyText: 'No layers yet: upload geodata to make one' }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          {
            title: 'Title',
            key: 'title',
            render: (_, layer) => (
              <>
                <span
                  className="geodata-layers__swatch"
                  style={{ background: colorOf(layer.style) || 'transparent' }}
                  aria-hidden="true"
                />
                {layer.title}
                <div>
                  <Typography.Text type="secondary">{layer.layerName}</Typography.Text>
                </div>
              </>
            ),
          },
          { title: 'Theme', key: 'theme', render: (_, layer) => layer.themeName ?? '-' },
          { title: 'Geometry', dataIndex: 'geometryType' },
          { title: 'Features', dataIndex: 'featureCount' },
          {
            title: 'Visible',
            key: 'visible',
            render: (_, layer) =>
              [layer.placemakerVisibility && 'Placemaker', layer.publicWebmapVisibility && 'Public map']
                .filter(Boolean)
                .join(', ') || 'Hidden',
          },
          { title: 'Version', dataIndex: 'version' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, layer) => (
              <Space>
                <Button size="small" onClick={() => setEditing(layer)} aria-label={`Edit ${layer.title}`}>
                  Edit
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => handleDelete(layer)}
                  aria-label={`Delete ${layer.title}`}
                >
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ThemesSection />
      {editing && <EditLayerModal layer={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
