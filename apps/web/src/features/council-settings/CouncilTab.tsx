import { lazy, Suspense, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  brandColourIssue,
  councilSettingsFieldsSchema,
  councilSettingsMessages as messages,
  emailLabels,
  logoKindLabels,
  logoKinds,
  socialLinkLabels,
  socialLinkNames,
  type CouncilSettings,
  type CouncilSettingsPatch,
  type LogoKind,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { LoadFailed, SaveBar } from './settingsParts';
import { currentTenantQuery } from '../../platform/tenant/useCurrentTenantQuery';
import { useTenant } from '../../platform/tenant/TenantContext';
import { BrandPreview } from './BrandPreview';
import { ColourInput, ContrastStatus, isHex } from './colourFields';
import {
  councilSettingsQueryKeys,
  fetchCouncilSettings,
  removeLogo,
  saveCouncilSettings,
  uploadLogo,
} from './api';
import { LoadingSpin } from '../../components/LoadingSpin';

const LocationMap = lazy(() => import('./LocationMap'));

type SocialName = (typeof socialLinkNames)[number];
type Values = {
  rawName: string;
  shortName: string;
  mainColor: string;
  headerColor: string;
  mode: 'light' | 'dark';
  email: { noReply: string; forReply: string; forDeletionReq: string };
  social: Record<SocialName, string>;
  location: string;
  lon: number | null;
  lat: number | null;
  mapLicense: string;
};

function toValues(settings: CouncilSettings): Values {
  return {
    rawName: settings.rawName,
    shortName: settings.shortName,
    mainColor: settings.mainColor,
    headerColor: settings.theme.headerColor ?? '',
    mode: settings.theme.mode,
    email: {
      noReply: settings.email.noReply ?? '',
      forReply: settings.email.forReply ?? '',
      forDeletionReq: settings.email.forDeletionReq ?? '',
    },
    social: Object.fromEntries(socialLinkNames.map((name) => [name, settings.social[name] ?? ''])) as Record<
      SocialName,
      string
    >,
    location: settings.location ?? '',
    lon: settings.locationLonLat?.[0] ?? null,
    lat: settings.locationLonLat?.[1] ?? null,
    mapLicense: settings.mapLicense ?? '',
  };
}

const withoutEmpty = <T extends Record<string, string>>(record: T) =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/** The whole form as the route's fields; the server keeps only what differs. */
function toPatch(values: Values): CouncilSettingsPatch {
  return {
    rawName: values.rawName,
    shortName: values.shortName,
    mainColor: values.mainColor,
    theme: { mode: values.mode, ...(values.headerColor ? { headerColor: values.headerColor } : {}) },
    email: withoutEmpty(values.email),
    social: withoutEmpty(values.social),
    location: values.location.trim() || null,
    locationLonLat: values.lon !== null && values.lat !== null ? [values.lon, values.lat] : null,
    mapLicense: values.mapLicense.trim() || null,
  };
}

/** The server's field paths ('body.theme.headerColor') as the form's names. */
function fieldOf(path: string): (string | number)[] | null {
  const parts = path.split('.').slice(1);
  if (parts[0] === 'theme') return parts[1] === 'headerColor' ? ['headerColor'] : ['mode'];
  if (parts[0] === 'locationLonLat') return ['lon'];
  return parts.length > 0 ? parts : null;
}

/** An antd rule from one field of the shared schema: the route's own words, before any request. */
const schemaRule = (
  check: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } },
) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = check(value);
    if (!result.success) throw new Error(result.error?.issues[0]?.message ?? 'Invalid value');
  },
});
const fields = councilSettingsFieldsSchema.shape;
const optionalEmail = schemaRule((value) =>
  typeof value === 'string' && value.trim() === ''
    ? { success: true }
    : fields.email.shape.noReply.safeParse(typeof value === 'string' ? value.trim() : value),
);
const optionalUrl = schemaRule((value) =>
  typeof value === 'string' && value.trim() === ''
    ? { success: true }
    : fields.social.safeParse({ mainLink: typeof value === 'string' ? value.trim() : value }),
);

/** The Council tab: names, logos, colours with a live preview, emails, links, place and licence. */
export function CouncilTab() {
  const query = useQuery({
    queryKey: councilSettingsQueryKeys.council,
    queryFn: ({ signal }) => fetchCouncilSettings(signal),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  // Not keyed by the saved version: a logo upload (which changes it) must not undo edits in progress.
  return <CouncilForm settings={query.data} />;
}

function CouncilForm({ settings }: { settings: CouncilSettings }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { tenant } = useTenant();
  const initial = useMemo(() => toValues(settings), [settings]);
  const [saveError, setSaveError] = useState<string | null>(null);

  const rawName = Form.useWatch('rawName', form) ?? initial.rawName;
  const mainColor = Form.useWatch('mainColor', form) ?? initial.mainColor;
  const headerColor = Form.useWatch('headerColor', form) ?? initial.headerColor;
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  const lon = Form.useWatch('lon', form) ?? null;
  const lat = Form.useWatch('lat', form) ?? null;

  const refreshBranding = () => queryClient.invalidateQueries({ queryKey: currentTenantQuery.queryKey });

  const save = useMutation({
    mutationFn: (values: Values) => saveCouncilSettings(toPatch(values)),
    onMutate: () => setSaveError(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(councilSettingsQueryKeys.council, saved);
      // The form shows what the server kept (trimmed, emptied fields gone); Reset returns to it.
      form.setFieldsValue(toValues(saved));
      await refreshBranding();
      void message.success(messages.saved);
    },
    onError: (error) => {
      const issues = error instanceof ApiError ? error.issues : [];
      form.setFields(
        issues.flatMap((issue) => {
          const name = fieldOf(issue.path);
          return name ? [{ name, errors: [issue.message] }] : [];
        }) as Parameters<typeof form.setFields>[0],
      );
      setSaveError(error.message);
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => save.mutate(values)}
      requiredMark={false}
      scrollToFirstError
    >
      <Card title="Name" className="council-settings__section">
        <div className="council-settings__grid">
          <Form.Item
            label="Council name"
            name="rawName"
            rules={[schemaRule((v) => fields.rawName.safeParse(v))]}
          >
            <Input maxLength={200} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            label="Short name"
            name="shortName"
            extra="Where space is short: the tenant picker, emails’ subject lines."
            rules={[schemaRule((v) => fields.shortName.safeParse(v))]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </div>
        <Typography.Text type="secondary">
          Address name: <Typography.Text code>{settings.name}</Typography.Text> (fixed: it is part of the
          site’s address)
        </Typography.Text>
      </Card>

      <Card title="Logos" className="council-settings__section">
        <div className="council-settings__grid">
          {logoKinds.map((kind) => (
            <LogoField key={kind} kind={kind} url={kind === 'logo' ? settings.logo : settings.smallLogo} />
          ))}
        </div>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          PNG, JPEG or WebP, up to 1 MB and 4,096 pixels a side. The logo shows in the header, the tenant
          picker and on the maintenance page; the small logo is the browser tab’s icon.
        </Typography.Paragraph>
      </Card>

      <Card title="Colours and theme" className="council-settings__section">
        <div className="council-settings__grid">
          <div>
            <Form.Item
              label="Main colour"
              name="mainColor"
              extra="Buttons, the selected menu entry and the header when it has no colour of its own."
              rules={[
                schemaRule((v) => fields.mainColor.safeParse(v)),
                {
                  validator: async (_, value: string) => {
                    const issue =
                      isHex(value) && value !== settings.mainColor
                        ? brandColourIssue('mainColor', value)
                        : null;
                    if (issue) throw new Error(issue);
                  },
                },
              ]}
            >
              <ColourInput label="Main colour" describedBy="main-colour-contrast" />
            </Form.Item>
            <ContrastStatus which="mainColor" colour={mainColor} id="main-colour-contrast" />
            <Form.Item
              label="Header colour"
              name="headerColor"
              style={{ marginTop: 16 }}
              extra="Leave empty to use the main colour."
              rules={[
                {
                  validator: async (_, value: string) => {
                    if (!value) return;
                    if (!isHex(value)) throw new Error('Invalid HEX color');
                    const issue =
                      value !== settings.theme.headerColor ? brandColourIssue('headerColor', value) : null;
                    if (issue) throw new Error(issue);
                  },
                },
              ]}
            >
              <ColourInput
                label="Header colour"
                allowClear
                placeholder={isHex(mainColor) ? mainColor : undefined}
                describedBy="header-colour-contrast"
              />
            </Form.Item>
            <ContrastStatus
              which="headerColor"
              colour={headerColor || mainColor}
              id="header-colour-contrast"
            />
            <Form.Item label="Theme" name="mode" style={{ marginTop: 16 }}>
              <Radio.Group
                optionType="button"
                options={[
                  { label: 'Light', value: 'light' },
                  { label: 'Dark', value: 'dark' },
                ]}
              />
            </Form.Item>
          </div>
          <div>
            <Typography.Text strong>Preview</Typography.Text>
            <BrandPreview
              rawName={rawName}
              logo={settings.logo}
              mainColor={mainColor}
              headerColor={headerColor}
              mode={mode}
            />
          </div>
        </div>
      </Card>

      <Card title="Emails" className="council-settings__section">
        <div className="council-settings__grid">
          {(Object.keys(emailLabels) as (keyof typeof emailLabels)[]).map((key) => (
            <Form.Item key={key} label={emailLabels[key]} name={['email', key]} rules={[optionalEmail]}>
              <Input type="email" autoComplete="off" maxLength={200} />
            </Form.Item>
          ))}
        </div>
      </Card>

      <Card title="Social links" className="council-settings__section">
        <div className="council-settings__grid">
          {socialLinkNames.map((name) => (
            <Form.Item
              key={name}
              label={socialLinkLabels[name]}
              name={['social', name]}
              rules={[optionalUrl]}
            >
              <Input type="url" placeholder="https://" maxLength={2048} />
            </Form.Item>
          ))}
        </div>
      </Card>

      <Card title="Location and maps" className="council-settings__section">
        <Form.Item
          label="Location"
          name="location"
          extra="How the council’s place is written, e.g. Town Hall, High Street, Northfield."
          rules={[schemaRule((v) => fields.location.safeParse(typeof v === 'string' ? v.trim() || null : v))]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            label="Longitude"
            name="lon"
            dependencies={['lat']}
            rules={[
              {
                validator: async (_, value: number | null) => {
                  if ((value === null) !== (form.getFieldValue('lat') === null))
                    throw new Error(messages.locationIncomplete);
                },
              },
            ]}
          >
            <InputNumber min={-180} max={180} step={0.0001} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="Latitude" name="lat" dependencies={['lon']}>
            <InputNumber min={-90} max={90} step={0.0001} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label=" ">
            <Button
              onClick={() => form.setFieldsValue({ lon: null, lat: null })}
              disabled={lon === null && lat === null}
            >
              Clear the place
            </Button>
          </Form.Item>
        </Space>
        <Suspense fallback={<LoadingSpin label="Loading the map" />}>
          <LocationMap
            value={lon !== null && lat !== null ? [lon, lat] : null}
            onChange={([newLon, newLat]) => form.setFieldsValue({ lon: newLon, lat: newLat })}
            baseMaps={tenant.baseMaps}
            mainColor={isHex(mainColor) ? mainColor : settings.mainColor}
          />
        </Suspense>
        <Form.Item
          label="Map licence"
          name="mapLicense"
          style={{ marginTop: 16 }}
          extra="The licence statement shown with the council’s maps, e.g. © Crown copyright and database rights 2026 OS AC0000000000."
          rules={[
            schemaRule((v) => fields.mapLicense.safeParse(typeof v === 'string' ? v.trim() || null : v)),
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Base map services (vector archives, raster and style services):{' '}
          <Link to="/admin/placemaker/geodata/basemaps" style={{ textDecoration: 'underline' }}>
            manage the council’s base maps
          </Link>
          .
          {tenant.baseMaps.length > 0 &&
            ` Configured: ${tenant.baseMaps.map((map) => map.layer).join(', ')}.`}
        </Typography.Paragraph>
      </Card>

      <SaveBar
        error={saveError}
        saving={save.isPending}
        onReset={() => {
          form.resetFields();
          setSaveError(null);
        }}
      />
    </Form>
  );
}

/** One logo: what is there now, a file to replace it (checked by the server), and remove. */
function LogoField({ kind, url }: { kind: LogoKind; url: string | null }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const label = logoKindLabels[kind];
  const done = async (text: string) => {
    await queryClient.invalidateQueries({ queryKey: councilSettingsQueryKeys.council });
    await queryClient.invalidateQueries({ queryKey: currentTenantQuery.queryKey });
    void message.success(text);
  };
  // A refusal shows beside the logo it is about, not as a notice of its own.
  const shownBeside = () => undefined;
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(kind, file),
    onSuccess: () => done(messages.logoSaved),
    onError: shownBeside,
  });
  const remove = useMutation({
    mutationFn: () => removeLogo(kind),
    onSuccess: () => done(messages.logoRemoved),
    onError: shownBeside,
  });
  const error = upload.error ?? remove.error;

  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <div className="council-settings__logo" style={{ marginTop: 8 }}>
        <div className="council-settings__logo-frame">
          {url ? (
            <img src={url} alt={`Current ${label.toLowerCase()}`} />
          ) : (
            <Typography.Text type="secondary">None</Typography.Text>
          )}
        </div>
        <Space direction="vertical">
          <Upload
            accept="image/png,image/jpeg,image/webp"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              upload.mutate(file);
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined aria-hidden />}
              loading={upload.isPending}
              aria-label={`${url ? 'Replace' : 'Upload'} ${label.toLowerCase()}`}
            >
              {url ? 'Replace' : 'Upload'}
            </Button>
          </Upload>
          {url && (
            <Button
              icon={<DeleteOutlined aria-hidden />}
              danger
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              Remove
            </Button>
          )}
        </Space>
      </div>
      {error && <Alert type="error" showIcon role="alert" style={{ marginTop: 8 }} message={error.message} />}
    </div>
  );
}
