import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import {
  layerMachineNameSchema,
  layerMessages,
  layerPlaceFieldKinds,
  layerUpdateSchema,
  placeSearchMessages,
  type LayerPlaceSearch,
  type Layer,
  type LayerStyle,
  type LayerUpdate,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { fetchThemes, geodataQueryKeys, renameLayer, updateLayer } from './api';
import { AddressedLayer } from './components/AddressedLayer';
import { LayerMap } from './components/LayerMap';
import { StyleSwatch } from './components/StyleSwatch';
import { FilterBuilder } from './filter/FilterBuilder';
import { draftFilter, draftOf, type FilterDraft } from './filter/filterTree';
import { StyleFields } from './style/StyleFields';
import {
  colorFieldProblem,
  colorSetByExpression,
  editableStyle,
  styleTypeLabels,
  styleValuesOf,
  styleWith,
  type StyleValues,
} from './style/layerStyleForm';
import { errorText } from './errorText';
import { fieldChoiceLabel } from './fieldLabel';
import './geodata.css';

export const layerEditTexts = {
  saved: 'Layer saved',
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your changes to this layer are not saved.',
  fieldsToCorrect: 'Correct the fields marked in red, then save again',
  unreadableStyle:
    'The stored style could not be read: this is the style a new layer gets, saved when you save.',
} as const;

/** The metadata of spec 03 §3.6 as the form holds it, with the style's fields. */
type EditValues = StyleValues & {
  title: string;
  layerName: string;
  themeId: string | null;
  category: string;
  defaultDescription: string;
  placemakerDescription: string;
  publicWebMapDescription: string;
  placemakerVisibility: boolean;
  publicWebmapVisibility: boolean;
  addOnMap: boolean;
  zIndex: number | null;
  tags: string[];
  /** Place search (issue 27): the field whose values the public maps can find, or none. */
  placeField: string | null;
  placeKind: LayerPlaceSearch['kind'];
};

const valuesOf = (layer: Layer): EditValues => ({
  title: layer.title,
  layerName: layer.layerName,
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
  placeField: layer.placeSearch?.field ?? null,
  placeKind: layer.placeSearch?.kind ?? 'name',
  ...styleValuesOf(editableStyle(layer)),
});

/** PUT /layers/{id}'s body for the form's values and the style to store. */
const updateOf = (values: EditValues, style: LayerStyle) => ({
  title: values.title,
  themeId: values.themeId ?? null,
  category: values.category || null,
  defaultDescription: values.defaultDescription || null,
  placemakerDescription: values.placemakerDescription || null,
  publicWebMapDescription: values.publicWebMapDescription || null,
  placemakerVisibility: values.placemakerVisibility,
  publicWebmapVisibility: values.publicWebmapVisibility,
  addOnMap: values.addOnMap,
  zIndex: values.zIndex ?? 0,
  tags: values.tags,
  placeSearch: values.placeField ? { field: values.placeField, kind: values.placeKind } : null,
  style,
});

const layerNameRule = {
  validator: (_: unknown, value: string | undefined) => {
    const parsed = layerMachineNameSchema.safeParse(value ?? '');
    return parsed.success ? Promise.resolve() : Promise.reject(new Error(layerMessages.layerNameFormat));
  },
};

/** /admin/placemaker/geodata/layers/edit?layerId=…: a layer's metadata, style and filter, with a live preview. */
export function LayerEditPage() {
  return <AddressedLayer>{(layer) => <LayerEditor layer={layer} />}</AddressedLayer>;
}

function LayerEditor({ layer }: { layer: Layer }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const baseStyle = useMemo(() => editableStyle(layer), [layer]);
  const saved = useMemo(() => valuesOf(layer), [layer]);
  const [values, setValues] = useState<EditValues>(saved);
  const [filterDraft, setFilterDraft] = useState<FilterDraft>(() => draftOf(layer.style?.filter));
  const themes = useQuery({
    queryKey: geodataQueryKeys.themes,
    queryFn: ({ signal }) => fetchThemes(signal),
  });

  const colourByExpression = colorSetByExpression(baseStyle);
  const filter = useMemo(() => draftFilter(filterDraft), [filterDraft]);
  const filterExpression = filter.problem ? null : (filter.expression as unknown[] | null);
  const draftStyle = styleWith(baseStyle, values, filterExpression);

  // The preview draws what is valid of the draft: a colour or filter being corrected shows as saved.
  const previewKey = JSON.stringify(
    styleWith(
      baseStyle,
      {
        ...values,
        color: colorFieldProblem(values.color, !colourByExpression) ? saved.color : values.color,
        outlineColor: colorFieldProblem(values.outlineColor, false)
          ? saved.outlineColor
          : values.outlineColor,
      },
      filter.problem ? ((layer.style?.filter as unknown[] | undefined) ?? null) : filterExpression,
    ),
  );
  const previewStyle = useMemo(() => JSON.parse(previewKey) as LayerStyle, [previewKey]);
  const snapshot = (of: EditValues, style: LayerStyle, draft: FilterDraft, problem: string | null) =>
    JSON.stringify([updateOf(of, style), of.layerName, problem ? draft : null]);
  const dirty =
    snapshot(values, draftStyle, filterDraft, filter.problem) !==
    snapshot(
      saved,
      styleWith(baseStyle, saved, (layer.style?.filter as unknown[] | undefined) ?? null),
      filterDraft,
      null,
    );

  const reset = (to: Layer) => {
    const next = valuesOf(to);
    form.setFieldsValue(next);
    setValues(next);
    setFilterDraft(draftOf(to.style?.filter));
  };

  const save = useMutation({
    mutationFn: async ({ update, layerName }: { update: LayerUpdate; layerName: string }) => {
      // The machine name first: the one change the server may refuse (a name already taken).
      if (layerName !== layer.layerName) await renameLayer({ layerId: layer.id, layerName });
      return updateLayer(layer.id, update);
    },
    onSuccess: (answer) => {
      client.setQueryData(geodataQueryKeys.layer(layer.id), answer);
      void client.invalidateQueries({ queryKey: ['layers'] });
      reset(answer);
      void message.success(layerEditTexts.saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        form.setFields([{ name: 'layerName', errors: [error.message] }]);
      // A rename may have been made before the failure: the saved state is the server's.
      void client.invalidateQueries({ queryKey: geodataQueryKeys.layer(layer.id) });
    },
  });

  const handleSave = async () => {
    try {
      await form.validateFields();
    } catch {
      void message.error(layerEditTexts.fieldsToCorrect);
      return;
    }
    if (filter.problem) {
      void message.error(filter.problem);
      return;
    }
    const update = layerUpdateSchema.safeParse(updateOf(values, draftStyle));
    if (!update.success) {
      void message.error(update.error.issues[0]?.message ?? layerMessages.payloadInvalid);
      return;
    }
    save.mutate({ update: update.data, layerName: values.layerName.trim() });
  };

  useUnsavedChangesGuard(dirty && !save.isPending, {
    title: layerEditTexts.leaveTitle,
    content: layerEditTexts.leaveBody,
    leave: 'Leave',
    stay: 'Stay',
  });

  return (
    <div className="page geodata-page layer-edit">
      <div className="layer-page__header">
        <div>
          <Typography.Text type="secondary">
            <Link to="/admin/placemaker/geodata/layers">Layers</Link> /{' '}
          </Typography.Text>
          <h1 className="page__title">Edit {layer.title}</h1>
        </div>
        <Space wrap>
          <Link to={`/admin/placemaker/geodata/layers/view?layerId=${layer.id}`}>View the layer</Link>
          <Button type="primary" onClick={() => void handleSave()} loading={save.isPending}>
            Save
          </Button>
        </Space>
      </div>
      {dirty && (
        <Typography.Text type="warning" className="layer-edit__unsaved" role="status">
          Unsaved changes
        </Typography.Text>
      )}
      {save.isError && <Alert type="error" showIcon role="alert" message={errorText(save.error)} />}
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={13}>
          <Form<EditValues>
            form={form}
            layout="vertical"
            initialValues={saved}
            onValuesChange={(_, all) => setValues((current) => ({ ...current, ...all }))}
            onFinish={() => void handleSave()}
          >
            <Card
              title={<h2 className="layer-edit__section">Layer</h2>}
              size="small"
              className="layer-edit__card"
            >
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 3 }}
                items={[
                  { key: 'geometry', label: 'Geometry', children: layer.geometryType },
                  { key: 'count', label: 'Features', children: layer.featureCount.toLocaleString('en-GB') },
                  { key: 'version', label: 'Version', children: layer.version },
                ]}
              />
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="title"
                    label="Title"
                    rules={[{ required: true, whitespace: true, max: 200 }]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="layerName"
                    label="Layer name"
                    extra="Its name in the tiles, exports and the OGC API"
                    rules={[layerNameRule]}
                  >
                    <Input spellCheck={false} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="themeId" label="Theme">
                    <Select
                      allowClear
                      loading={themes.isLoading}
                      placeholder="No theme"
                      options={(themes.data?.themes ?? []).map((theme) => ({
                        value: theme.id,
                        label: theme.name,
                      }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="category" label="Category" rules={[{ max: 200 }]}>
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="defaultDescription" label="Default description" rules={[{ max: 4000 }]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
              <Form.Item name="placemakerDescription" label="Placemaker description" rules={[{ max: 4000 }]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
              <Form.Item
                name="publicWebMapDescription"
                label="Public web map description"
                rules={[{ max: 4000 }]}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
              <Space wrap size="large" align="start">
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
                <Form.Item name="zIndex" label="Order (zIndex)" extra="Higher is drawn on top">
                  <InputNumber min={-1000} max={1000} precision={0} />
                </Form.Item>
              </Space>
              <Form.Item name="tags" label="Tags">
                <Select
                  mode="tags"
                  tokenSeparators={[',']}
                  open={false}
                  placeholder="Type a tag, then Enter"
                />
              </Form.Item>
              <Space wrap size="large" align="start">
                <Form.Item
                  name="placeField"
                  label={placeSearchMessages.layerField}
                  extra={placeSearchMessages.layerFieldHint}
                >
                  <Select
                    allowClear
                    style={{ minWidth: 240 }}
                    placeholder={placeSearchMessages.layerFieldNone}
                    options={layer.fields.map((field) => ({
                      value: field.name,
                      label: fieldChoiceLabel(field),
                    }))}
                  />
                </Form.Item>
                <Form.Item name="placeKind" label={placeSearchMessages.layerKind}>
                  <Select
                    style={{ minWidth: 160 }}
                    disabled={!values.placeField}
                    options={layerPlaceFieldKinds.map((kind) => ({
                      value: kind,
                      label: placeSearchMessages.layerKinds[kind],
                    }))}
                  />
                </Form.Item>
              </Space>
            </Card>
            <Card
              title={
                <h2 className="layer-edit__section">
                  <StyleSwatch style={previewStyle} /> Style
                </h2>
              }
              size="small"
              className="layer-edit__card"
            >
              <Typography.Paragraph type="secondary">
                Drawn as {styleTypeLabels[baseStyle.type].toLowerCase()}.
              </Typography.Paragraph>
              {!layer.style && <Alert type="info" showIcon message={layerEditTexts.unreadableStyle} />}
              <StyleFields style={baseStyle} colourByExpression={colourByExpression} />
            </Card>
          </Form>
          <Card
            title={<h2 className="layer-edit__section">Filter</h2>}
            size="small"
            className="layer-edit__card"
          >
            <Typography.Paragraph type="secondary">
              Which of the layer’s features are drawn, by their properties.
            </Typography.Paragraph>
            <FilterBuilder draft={filterDraft} columns={layer.fields} onChange={setFilterDraft} />
          </Card>
        </Col>
        <Col xs={24} xl={11}>
          <Card
            title={<h2 className="layer-edit__section">Preview</h2>}
            size="small"
            className="layer-edit__preview"
          >
            <LayerMap layer={layer} style={previewStyle} label={`Preview of ${layer.title}`} />
            <Typography.Text type="secondary" className="layer-edit__preview-note">
              The unsaved style and filter, drawn from the layer’s tiles.
            </Typography.Text>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
