import { useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import {
  basemapMessages,
  hasPmtilesMagic,
  newRasterBaseMapSchema,
  newStyleBaseMapSchema,
  renameBaseMapSchema,
  type BaseMapChoice,
  type BaseMapSettings,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { useTenant } from '../../platform/tenant/TenantContext';
import {
  addRaster,
  addStyle,
  baseMapQueryKeys,
  fetchBaseMaps,
  fetchBaseMapSettings,
  removeBaseMap,
  renameBaseMap,
  uploadArchive,
} from './api';
import { BaseMapPreview } from './BaseMapPreview';
import './basemapsAdmin.css';

/** Where a council with no place of its own is shown (the spec's default centre). */
const FALLBACK_CENTRE: [number, number] = [0.3637, 51.2716];
const OFFLINE_ID = 'offline';

type Row =
  | { kind: 'offline'; id: string; name: string }
  | { kind: 'provider'; id: string; name: string; provider: BaseMapSettings['providers'][number] }
  | (BaseMapChoice & { settings?: { url: string; hasKey: boolean } });

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? (error.issues[0]?.message ?? error.message)
    : 'An error occurred, please try again';

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(2)}° ${value < 0 ? negative : positive}`;

function boundsText([west, south, east, north]: [number, number, number, number]): string {
  return `${degrees(west, 'E', 'W')} to ${degrees(east, 'E', 'W')}, ${degrees(south, 'N', 'S')} to ${degrees(north, 'N', 'S')}`;
}

const providerNames = { os: 'OS map', satellite: 'Satellite imagery', terrain: 'Terrain (3D)' } as const;

function kindLabel(row: Row): string {
  switch (row.kind) {
    case 'offline':
      return 'Offline map (default)';
    case 'provider':
      return 'Set up with the council';
    case 'pmtiles':
      return row.origin === 'upload' ? 'PMTiles archive' : 'PMTiles archive on the server';
    case 'style':
      return 'Style document';
    case 'xyz':
      return 'XYZ tiles';
  }
}

/** What a row's details column says: size, zooms and bounds of an archive, the address of the rest. */
function Details({ row }: { row: Row }) {
  switch (row.kind) {
    case 'offline':
      return <span>Shipped with the product; always available, with no connection needed.</span>;
    case 'provider':
      return (
        <span>
          Up to zoom {row.provider.maxZoom}
          {row.provider.attribution ? ` · ${row.provider.attribution}` : ''}
        </span>
      );
    case 'pmtiles':
      return (
        <Space direction="vertical" size={0}>
          <span>
            {size(row.size)} · {row.tileType === 'mvt' ? 'vector' : row.tileType} · zoom {row.minZoom}–
            {row.maxZoom}
          </span>
          <Typography.Text type="secondary">Covers {boundsText(row.bounds)}</Typography.Text>
          {row.vectorLayers.length > 0 && (
            <Typography.Text type="secondary">Layers: {row.vectorLayers.join(', ')}</Typography.Text>
          )}
          {row.attribution && <Typography.Text type="secondary">{row.attribution}</Typography.Text>}
        </Space>
      );
    case 'style':
    case 'xyz':
      return (
        <Space direction="vertical" size={0}>
          {row.settings && (
            <Typography.Text code className="basemaps-admin__address">
              {row.settings.url}
            </Typography.Text>
          )}
          {row.settings?.hasKey && <Typography.Text type="secondary">With a key</Typography.Text>}
          {row.kind === 'xyz' && (
            <Typography.Text type="secondary">
              {row.tileSize} px tiles · up to zoom {row.maxZoom}
            </Typography.Text>
          )}
          {row.attribution && <Typography.Text type="secondary">{row.attribution}</Typography.Text>}
        </Space>
      );
  }
}

/** Which rows an administrator may rename and remove: uploads and the council's own entries. */
const editable = (row: Row) =>
  (row.kind === 'pmtiles' && row.origin === 'upload') || row.kind === 'style' || row.kind === 'xyz';

/**
 * /admin/placemaker/geodata/basemaps (issue 13 point 7): the council's base maps — the offline
 * default, PMTiles archives (uploaded here, with progress), style documents and XYZ tile services
 * — renamed, removed and previewed on a small map.
 */
export function BaseMapsAdminPage() {
  const queryClient = useQueryClient();
  const { tenant } = useTenant();
  const centre = useMemo<[number, number]>(() => tenant.locationLonLat ?? FALLBACK_CENTRE, [tenant]);
  const maps = useQuery({ queryKey: baseMapQueryKeys.list, queryFn: ({ signal }) => fetchBaseMaps(signal) });
  const settings = useQuery({
    queryKey: baseMapQueryKeys.settings,
    queryFn: ({ signal }) => fetchBaseMapSettings(signal),
  });
  const [previewId, setPreviewId] = useState<string>(OFFLINE_ID);
  const [renaming, setRenaming] = useState<Row | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: baseMapQueryKeys.list });

  const rows = useMemo<Row[]>(() => {
    const addresses = new Map<string, { url: string; hasKey: boolean }>();
    for (const style of settings.data?.styles ?? [])
      addresses.set(style.id, { url: style.url, hasKey: style.hasKey });
    for (const raster of settings.data?.rasters ?? [])
      addresses.set(raster.id, { url: raster.tiles, hasKey: raster.hasKey });
    return [
      { kind: 'offline', id: OFFLINE_ID, name: 'Offline map' },
      ...(settings.data?.providers ?? []).map((provider): Row => ({
        kind: 'provider',
        id: `provider:${provider.layer}`,
        name: providerNames[provider.layer],
        provider,
      })),
      ...(maps.data ?? []).map((choice): Row => {
        const found = addresses.get(choice.id);
        return found ? { ...choice, settings: found } : choice;
      }),
    ];
  }, [maps.data, settings.data]);
  const previewed = rows.find((row) => row.id === previewId);

  const remove = useMutation({
    mutationFn: (id: string) => removeBaseMap(id),
    onSuccess: (_, id) => {
      if (previewId === id) setPreviewId(OFFLINE_ID);
      void refresh();
    },
  });

  return (
    <main className="page basemaps-admin">
      <Typography.Title level={1}>Base maps</Typography.Title>
      <Typography.Paragraph>
        The maps officers can choose under the council’s sites and layers (the Base map button on the map).
        The offline map is always there; add your own below. See also{' '}
        <Link to="/admin/placemaker/geodata/layers">the council’s layers</Link>.
      </Typography.Paragraph>

      {(maps.isError || settings.isError) && (
        <Alert type="error" showIcon role="alert" message={errorText(maps.error ?? settings.error)} />
      )}
      {remove.isError && <Alert type="error" showIcon role="alert" message={errorText(remove.error)} />}

      <div className="basemaps-admin__layout">
        <section aria-labelledby="basemaps-list" className="basemaps-admin__list">
          <Typography.Title level={2} id="basemaps-list">
            The council’s base maps
          </Typography.Title>
          <Table<Row>
            rowKey="id"
            size="small"
            pagination={false}
            loading={maps.isLoading || settings.isLoading}
            dataSource={rows}
            rowClassName={(row) => (row.id === previewId ? 'basemaps-admin__row--previewed' : '')}
            columns={[
              {
                title: 'Name',
                key: 'name',
                render: (_, row) => <strong>{row.name}</strong>,
              },
              { title: 'Kind', key: 'kind', render: (_, row) => <Tag>{kindLabel(row)}</Tag> },
              { title: 'Details', key: 'details', render: (_, row) => <Details row={row} /> },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, row) => (
                  <Space wrap>
                    {row.kind !== 'provider' && (
                      <Button
                        size="small"
                        aria-label={`Preview ${row.name}`}
                        aria-pressed={row.id === previewId}
                        onClick={() => setPreviewId(row.id)}
                      >
                        Preview
                      </Button>
                    )}
                    {editable(row) && (
                      <>
                        <Button
                          size="small"
                          aria-label={`Rename ${row.name}`}
                          onClick={() => setRenaming(row)}
                        >
                          Rename
                        </Button>
                        <Popconfirm
                          title={`Remove “${row.name}”?`}
                          description="Maps showing it go back to the offline map."
                          okText="Remove"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => remove.mutateAsync(row.id)}
                        >
                          <Button size="small" danger aria-label={`Remove ${row.name}`}>
                            Remove
                          </Button>
                        </Popconfirm>
                      </>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </section>

        <Card
          title={previewed ? `Preview: ${previewed.name}` : 'Preview'}
          size="small"
          className="basemaps-admin__preview-card"
        >
          {!previewed || previewed.kind === 'offline' || previewed.kind === 'provider' ? (
            <Typography.Paragraph type="secondary">
              The offline map: land, sea and the council’s boundaries, shipped with the product. Choose
              Preview on one of the council’s own base maps to see it here.
            </Typography.Paragraph>
          ) : (
            <BaseMapPreview key={previewed.id} choice={previewed} centre={centre} />
          )}
        </Card>
      </div>

      <UploadArchive onUploaded={(id) => void refresh().then(() => setPreviewId(id))} />
      <div className="basemaps-admin__forms">
        <AddStyleForm onAdded={() => void refresh()} />
        <AddRasterForm onAdded={() => void refresh()} />
      </div>

      {renaming && (
        <RenameModal
          row={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            void refresh();
          }}
        />
      )}
    </main>
  );
}

/** Upload a .pmtiles with progress: its first bytes are checked here, the whole by the server. */
function UploadArchive({ onUploaded }: { onUploaded: (id: string) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      // A wrong file is told at once, not after gigabytes have gone up.
      if (!hasPmtilesMagic(new Uint8Array(await file.slice(0, 8).arrayBuffer())))
        throw new ApiError(400, basemapMessages.notPmtiles);
      controller.current = new AbortController();
      setProgress(0);
      return uploadArchive(file, setProgress, controller.current.signal);
    },
    onMutate: () => {
      setError(null);
      setDone(null);
    },
    onSuccess: (archive) => {
      setDone(archive.name);
      onUploaded(archive.id);
    },
    onError: (cause) =>
      setError(cause instanceof DOMException && cause.name === 'AbortError' ? null : errorText(cause)),
    onSettled: () => {
      setProgress(null);
      controller.current = null;
    },
  });

  return (
    <section aria-labelledby="basemaps-upload" className="basemaps-admin__section">
      <Typography.Title level={2} id="basemaps-upload">
        Upload a PMTiles archive
      </Typography.Title>
      <Typography.Paragraph>
        A PMTiles version 3 file of vector or raster tiles (OS Open Zoomstack, a Protomaps extract), up to 4
        GB. Its name, zoom levels and bounds are read from the file.
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".pmtiles"
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          upload.mutate(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drag a .pmtiles file here</p>
      </Upload.Dragger>
      {progress !== null && (
        <Space className="basemaps-admin__progress" align="center">
          <Progress
            percent={Math.floor(progress * 100)}
            status="active"
            aria-label="Upload progress"
            className="basemaps-admin__progress-bar"
          />
          {progress >= 1 && <span role="status">Checking the archive…</span>}
          <Button size="small" onClick={() => controller.current?.abort()}>
            Stop
          </Button>
        </Space>
      )}
      {error && <Alert type="error" showIcon role="alert" message={error} />}
      {done && <Alert type="success" showIcon role="status" message={`“${done}” added to the base maps`} />}
    </section>
  );
}

/** Shows a failed form's problems where they belong: on its fields, or above it. */
function useFormErrors<T extends object>() {
  const [form] = Form.useForm<T>();
  const [message, setMessage] = useState<string | null>(null);
  const show = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>) => {
    const fields = issues
      .map((issue) => ({
        name: String(typeof issue.path === 'string' ? issue.path.split('.')[0] : (issue.path[0] ?? '')),
        errors: [issue.message],
      }))
      .filter((field) => field.name !== '' && form.getFieldInstance(field.name as never) !== undefined);
    form.setFields(fields as never);
    setMessage(fields.length === 0 ? (issues[0]?.message ?? null) : null);
  };
  return { form, message, setMessage, show };
}

type StyleValues = { name: string; url: string; key?: string; attribution?: string };

function AddStyleForm({ onAdded }: { onAdded: () => void }) {
  const { form, message, setMessage, show } = useFormErrors<StyleValues>();
  const add = useMutation({
    mutationFn: addStyle,
    onSuccess: () => {
      form.resetFields();
      onAdded();
    },
    onError: (error) =>
      error instanceof ApiError && error.issues.length > 0
        ? show(error.issues)
        : setMessage(errorText(error)),
  });
  return (
    <section aria-labelledby="basemaps-style" className="basemaps-admin__section">
      <Typography.Title level={2} id="basemaps-style">
        Add a style document
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        A MapLibre style (style.json) on the internet, such as the OS Vector Tile API’s. Put {'{key}'} in the
        address where the key goes.
      </Typography.Paragraph>
      <Form<StyleValues>
        form={form}
        name="style"
        layout="vertical"
        onFinish={(values) => {
          setMessage(null);
          const input = {
            ...values,
            key: values.key || undefined,
            attribution: values.attribution || undefined,
          };
          const parsed = newStyleBaseMapSchema.safeParse(input);
          if (!parsed.success) return show(parsed.error.issues);
          add.mutate(parsed.data);
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Give the base map a name' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="url"
          label="Style address (https)"
          rules={[{ required: true, message: 'Give its address' }]}
        >
          <Input placeholder="https://api.os.uk/maps/vector/v1/vts/resources/styles?key={key}" />
        </Form.Item>
        <Form.Item name="key" label="Key (optional)">
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item name="attribution" label="Attribution (optional)">
          <Input maxLength={300} placeholder="© Crown copyright and database rights" />
        </Form.Item>
        {message && <Alert type="error" showIcon role="alert" message={message} />}
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add style document
        </Button>
      </Form>
    </section>
  );
}

type RasterValues = {
  name: string;
  tiles: string;
  key?: string;
  attribution: string;
  tileSize: 256 | 512;
  maxZoom: number;
};

function AddRasterForm({ onAdded }: { onAdded: () => void }) {
  const { form, message, setMessage, show } = useFormErrors<RasterValues>();
  const add = useMutation({
    mutationFn: addRaster,
    onSuccess: () => {
      form.resetFields();
      onAdded();
    },
    onError: (error) =>
      error instanceof ApiError && error.issues.length > 0
        ? show(error.issues)
        : setMessage(errorText(error)),
  });
  return (
    <section aria-labelledby="basemaps-xyz" className="basemaps-admin__section">
      <Typography.Title level={2} id="basemaps-xyz">
        Add an XYZ tile service
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Raster tiles by {'{z}/{x}/{y}'} address (aerial photography, a historic map). Officers’ maps fetch
        them through this server, which keeps the address and key.
      </Typography.Paragraph>
      <Form<RasterValues>
        form={form}
        name="xyz"
        layout="vertical"
        initialValues={{ tileSize: 256, maxZoom: 19 }}
        onFinish={(values) => {
          setMessage(null);
          const parsed = newRasterBaseMapSchema.safeParse({ ...values, key: values.key || undefined });
          if (!parsed.success) return show(parsed.error.issues);
          add.mutate(parsed.data);
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Give the base map a name' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="tiles"
          label="Tile address (https, with {z}, {x} and {y})"
          rules={[{ required: true, message: 'Give its address' }]}
        >
          <Input placeholder="https://tiles.example.com/aerial/{z}/{x}/{y}.jpg?key={key}" />
        </Form.Item>
        <Form.Item name="key" label="Key (optional)">
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="attribution"
          label="Attribution"
          rules={[{ required: true, message: basemapMessages.attributionMissing }]}
        >
          <Input maxLength={300} placeholder="© Aerial Survey Ltd" />
        </Form.Item>
        <Space size="large">
          <Form.Item name="tileSize" label="Tile size">
            <Select
              options={[
                { value: 256, label: '256 px' },
                { value: 512, label: '512 px' },
              ]}
              style={{ width: 120 }}
            />
          </Form.Item>
          <Form.Item name="maxZoom" label="Highest zoom">
            <InputNumber min={0} max={23} />
          </Form.Item>
        </Space>
        {message && <Alert type="error" showIcon role="alert" message={message} />}
        <div>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            Add XYZ service
          </Button>
        </div>
      </Form>
    </section>
  );
}

function RenameModal({ row, onClose, onRenamed }: { row: Row; onClose: () => void; onRenamed: () => void }) {
  const [name, setName] = useState(row.name);
  const parsed = renameBaseMapSchema.safeParse({ name });
  const rename = useMutation({ mutationFn: () => renameBaseMap(row.id, name), onSuccess: onRenamed });
  return (
    <Modal
      open
      title={`Rename “${row.name}”`}
      okText="Rename"
      onOk={() => rename.mutate()}
      okButtonProps={{ disabled: !parsed.success, loading: rename.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="Name"
          validateStatus={parsed.success ? undefined : 'error'}
          help={parsed.success ? undefined : parsed.error.issues[0]?.message}
        >
          <Input
            aria-label="New name"
            value={name}
            maxLength={100}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => parsed.success && rename.mutate()}
          />
        </Form.Item>
      </Form>
      {rename.isError && <Alert type="error" showIcon role="alert" message={errorText(rename.error)} />}
      {rename.isPending && <Spin />}
    </Modal>
  );
}
