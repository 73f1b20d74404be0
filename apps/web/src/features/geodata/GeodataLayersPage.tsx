import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, App, Button, Input, Space, Table, Typography } from 'antd';
import type { Layer } from '@planning/shared';
import {
  createTheme,
  deleteLayer,
  deleteTheme,
  fetchAdminLayers,
  fetchThemes,
  geodataQueryKeys,
} from './api';
import { StyleSwatch } from './components/StyleSwatch';
import { errorText } from './errorText';
import './geodata.css';

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

const layerAddress = (screen: 'edit' | 'view', layer: Layer) =>
  `/admin/placemaker/geodata/layers/${screen}?layerId=${layer.id}`;

/**
 * /admin/placemaker/geodata/layers: the council's layers with their key, theme, geometry, count,
 * visibility and order, each opening its view and edit screens; deletes; the layer tree's themes.
 */
export function GeodataLayersPage() {
  const client = useQueryClient();
  const { message, modal } = App.useApp();
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
        scroll={{ x: true }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          {
            title: 'Title',
            key: 'title',
            render: (_, layer) => (
              <Space align="start">
                <StyleSwatch style={layer.style} />
                <div>
                  <Link to={layerAddress('view', layer)}>{layer.title}</Link>
                  <div>
                    <Typography.Text type="secondary">{layer.layerName}</Typography.Text>
                  </div>
                </div>
              </Space>
            ),
          },
          { title: 'Theme', key: 'theme', render: (_, layer) => layer.themeName ?? '-' },
          { title: 'Geometry', dataIndex: 'geometryType' },
          {
            title: 'Features',
            key: 'featureCount',
            align: 'right',
            render: (_, layer) => layer.featureCount.toLocaleString('en-GB'),
          },
          {
            title: 'Visible',
            key: 'visible',
            render: (_, layer) =>
              [layer.placemakerVisibility && 'Placemaker', layer.publicWebmapVisibility && 'Public map']
                .filter(Boolean)
                .join(', ') || 'Hidden',
          },
          { title: 'Order (zIndex)', dataIndex: 'zIndex', align: 'right' },
          { title: 'Version', dataIndex: 'version', align: 'right' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, layer) => (
              <Space>
                <Link to={layerAddress('view', layer)} aria-label={`View ${layer.title}`}>
                  View
                </Link>
                <Link to={layerAddress('edit', layer)} aria-label={`Edit ${layer.title}`}>
                  Edit
                </Link>
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
    </div>
  );
}
