import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Input, Row, Space, Table, Tag, Typography } from 'antd';
import type { Layer, LayerFeature, LayerStyle } from '@planning/shared';
import { fetchLayerFeature, layerQueryKeys } from '../../shared/layers/api';
import { geodataQueryKeys, searchLayerFeatures } from './api';
import { AddressedLayer } from './components/AddressedLayer';
import { LayerMap } from './components/LayerMap';
import { StyleSwatch } from './components/StyleSwatch';
import { describeExpression } from './filter/filterTree';
import { dashLabels, editableStyle, styleTypeLabels, styleValuesOf } from './style/layerStyleForm';
import './geodata.css';
import { featuresCaption } from './featuresCaption';

type Bbox = [number, number, number, number];
/** The features table shows this many, the first by id or the first a search finds. */
const FEATURE_ROWS = 10;
/** Of the layer's columns, the table shows the first few (the card on the map shows them all). */
const FEATURE_COLUMNS = 6;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const orDash = (value: string | null) => (value ? value : '-');

/** /admin/placemaker/geodata/layers/view?layerId=…: a layer read-only, its style, columns, map and features. */
export function LayerViewPage() {
  return <AddressedLayer>{(layer) => <LayerView layer={layer} />}</AddressedLayer>;
}

/** The key's words for a style: what is drawn, in which colour, and which features. */
function styleKey(style: LayerStyle): string[] {
  const values = styleValuesOf(style);
  const colour = values.color || 'set by an expression';
  const lines: string[] = [];
  if (style.type === 'fill') {
    lines.push(`Fill ${colour}${values.opacity !== null ? `, opacity ${values.opacity}` : ''}`);
    lines.push(
      values.outlineColor
        ? `Outline ${values.outlineColor}${values.outlineWidth !== null ? `, ${values.outlineWidth} px` : ''}`
        : 'No outline',
    );
  } else if (style.type === 'line') {
    lines.push(
      `Line ${colour}${values.lineWidth !== null ? `, ${values.lineWidth} px` : ''}, ${dashLabels[values.dash].toLowerCase()}`,
    );
  } else {
    lines.push(`Circles ${colour}${values.radius !== null ? `, radius ${values.radius} px` : ''}`);
  }
  return lines;
}

function LayerView({ layer }: { layer: Layer }) {
  const style = editableStyle(layer);
  const [focus, setFocus] = useState<Bbox | null>(null);
  const [firstIds, setFirstIds] = useState<string[] | null>(null);

  return (
    <div className="page geodata-page layer-view">
      <div className="layer-page__header">
        <div>
          <Typography.Text type="secondary">
            <Link to="/admin/placemaker/geodata/layers">Layers</Link> /{' '}
          </Typography.Text>
          <h1 className="page__title">{layer.title}</h1>
          <Typography.Text type="secondary" code>
            {layer.layerName}
          </Typography.Text>
        </div>
        <Link to={`/admin/placemaker/geodata/layers/edit?layerId=${layer.id}`} className="layer-page__action">
          Edit the layer
        </Link>
      </div>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Card
            title={<h2 className="layer-edit__section">Layer</h2>}
            size="small"
            className="layer-edit__card"
          >
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'theme', label: 'Theme', children: orDash(layer.themeName) },
                { key: 'category', label: 'Category', children: orDash(layer.category) },
                { key: 'geometry', label: 'Geometry', children: layer.geometryType },
                { key: 'count', label: 'Features', children: layer.featureCount.toLocaleString('en-GB') },
                { key: 'default', label: 'Default description', children: orDash(layer.defaultDescription) },
                {
                  key: 'placemaker',
                  label: 'Placemaker description',
                  children: orDash(layer.placemakerDescription),
                },
                {
                  key: 'public',
                  label: 'Public web map description',
                  children: orDash(layer.publicWebMapDescription),
                },
                { key: 'pmv', label: 'Visible in Placemaker', children: yesNo(layer.placemakerVisibility) },
                {
                  key: 'pwv',
                  label: 'Visible on the public web map',
                  children: yesNo(layer.publicWebmapVisibility),
                },
                { key: 'add', label: 'Shown when the map opens', children: yesNo(layer.addOnMap) },
                { key: 'z', label: 'Order (zIndex)', children: layer.zIndex },
                {
                  key: 'tags',
                  label: 'Tags',
                  children: layer.tags.length ? layer.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '-',
                },
                { key: 'version', label: 'Version', children: layer.version },
                {
                  key: 'updated',
                  label: 'Last changed',
                  children: new Date(layer.updatedAt).toLocaleString('en-GB'),
                },
              ]}
            />
          </Card>
          <Card
            title={<h2 className="layer-edit__section">Key</h2>}
            size="small"
            className="layer-edit__card"
          >
            <div className="layer-view__key" role="group" aria-label="Key">
              <StyleSwatch style={layer.style} size="large" />
              <div>
                <strong>{layer.title}</strong>
                <div>
                  <Typography.Text type="secondary">{styleTypeLabels[style.type]}</Typography.Text>
                </div>
                {styleKey(style).map((line) => (
                  <div key={line}>{line}</div>
                ))}
                <div>
                  {style.filter ? (
                    <>
                      Only features where <code>{describeExpression(style.filter)}</code>
                    </>
                  ) : (
                    'Every feature is drawn'
                  )}
                </div>
              </div>
            </div>
            {!layer.style && (
              <Alert
                type="info"
                showIcon
                message="The stored style could not be read: drawn with the default one."
              />
            )}
          </Card>
          <Card
            title={<h2 className="layer-edit__section">Columns ({layer.fields.length})</h2>}
            size="small"
            className="layer-edit__card"
          >
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={layer.fields}
              locale={{ emptyText: 'This layer has no columns' }}
              columns={[
                { title: 'Name', dataIndex: 'name', render: (name: string) => <code>{name}</code> },
                { title: 'Label', key: 'label', render: (_, field) => field.label ?? '-' },
                { title: 'Type', dataIndex: 'type' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={<h2 className="layer-edit__section">Map</h2>}
            size="small"
            className="layer-edit__card"
          >
            <LayerMap
              layer={layer}
              style={style}
              focus={focus}
              label={`Map of ${layer.title}`}
              onFeatures={setFirstIds}
            />
          </Card>
          <FeaturesCard layer={layer} firstIds={firstIds} onShow={setFocus} />
        </Col>
      </Row>
    </div>
  );
}

/**
 * The first features (lowest ids among those the map has drawn), or those a search finds, each
 * read from the features endpoint with the layer's first columns; a row's 'Show' fits the map to it.
 */
function FeaturesCard({
  layer,
  firstIds,
  onShow,
}: {
  layer: Layer;
  firstIds: string[] | null;
  onShow: (bbox: Bbox) => void;
}) {
  const [term, setTerm] = useState('');
  const search = useQuery({
    queryKey: geodataQueryKeys.search(layer.id, term),
    queryFn: ({ signal }) => searchLayerFeatures(layer.id, term, FEATURE_ROWS, signal),
    enabled: term.length > 0,
  });
  const ids = term ? (search.data?.features.map((feature) => feature.id) ?? []) : (firstIds ?? []);
  const features = useQueries({
    queries: ids.map((id) => ({
      queryKey: layerQueryKeys.feature(layer.id, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchLayerFeature(layer.id, id, 'placemaker', signal),
    })),
  });
  const rows = features.flatMap((query) => (query.data ? [query.data] : []));
  const loading = (term ? search.isPending : firstIds === null) || features.some((query) => query.isPending);
  const shown = layer.fields.slice(0, FEATURE_COLUMNS);
  const failed = search.isError || features.some((query) => query.isError);

  return (
    <Card
      title={<h2 className="layer-edit__section">Features</h2>}
      size="small"
      className="layer-edit__card"
      extra={
        <Input.Search
          aria-label="Search the features"
          placeholder="Search the features"
          maxLength={200}
          onSearch={(value) => setTerm(value.trim())}
        />
      }
    >
      <Space direction="vertical" className="layer-view__features">
        <Typography.Text type="secondary">
          {term
            ? `Features whose values contain “${term}”`
            : featuresCaption(FEATURE_ROWS, layer.featureCount)}
        </Typography.Text>
        {failed && <Alert type="error" showIcon role="alert" message="Failed to get value" />}
        <Table<LayerFeature>
          size="small"
          rowKey="id"
          loading={loading}
          pagination={false}
          scroll={{ x: true }}
          dataSource={rows}
          locale={{ emptyText: term ? 'No feature matches' : 'No features' }}
          columns={[
            { title: 'Id', dataIndex: 'id' },
            ...shown.map((field) => ({
              title: field.label ?? field.name,
              key: field.name,
              render: (_: unknown, feature: LayerFeature) => {
                const value = feature.properties[field.name];
                return value === null || value === undefined || value === '' ? '-' : String(value);
              },
            })),
            {
              title: 'Map',
              key: 'show',
              render: (_: unknown, feature: LayerFeature) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => onShow(feature.bbox)}
                  aria-label={`Show feature ${feature.id} on the map`}
                >
                  Show
                </Button>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
