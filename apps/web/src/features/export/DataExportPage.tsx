import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import {
  EXPORT_FORMATS,
  EXPORT_GEOMETRY_LABELS,
  EXPORT_LIMITS,
  EXPORT_SITE_ID,
  EXPORT_SYSTEM_FIELDS,
  exportGeometryColumns,
  exportMessages,
  exportPresetSchema,
  fieldKind,
  type ExportFileType,
  type ExportGeometryColumn,
  type ExportPreset,
  type SiteExportRequest,
  type SiteField,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import {
  exportQueryKeys,
  exportSites,
  fetchDictionary,
  fetchLists,
  fetchPresets,
  mergePresets,
  readLocalPresets,
  savePresets,
} from './api';
import { ExportJobStatus } from './ExportJobStatus';
import { sourceOf, type Source } from './source';
import './export.css';

type FieldChoice = { name: string; label: string };
type FieldGroup = { title: string; fields: FieldChoice[] };

/** The council's fields grouped as an officer scans them: the record, details, figures, dates, lists. */
function fieldGroups(dictionary: SiteField[]): FieldGroup[] {
  const of = (kinds: string[]) =>
    dictionary
      .filter((field) => field.name !== EXPORT_SITE_ID.name && kinds.includes(fieldKind(field.fieldType)))
      .map(({ name, label }) => ({ name, label }));
  return [
    { title: 'Site record', fields: EXPORT_SYSTEM_FIELDS.map(({ name, label }) => ({ name, label })) },
    { title: 'Details', fields: of(['text', 'other']) },
    { title: 'Figures', fields: of(['number']) },
    { title: 'Dates and yes/no', fields: of(['date', 'boolean']) },
    { title: 'Lists and tags', fields: of(['array']) },
  ].filter((group) => group.fields.length > 0);
}

/** /data-export (spec 01 §2, §7): choose fields, geometry and format, then export the sites. */
export function DataExportPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const carried = useMemo(() => sourceOf(location.state, params), [location.state, params]);
  const [pickedList, setPickedList] = useState<string | null>(null);
  const source: Source = carried ?? (pickedList ? { kind: 'list', listId: pickedList } : null);
  const { message } = App.useApp();
  const client = useQueryClient();

  const dictionary = useQuery({
    queryKey: exportQueryKeys.dictionary,
    queryFn: ({ signal }) => fetchDictionary(signal),
  });
  const lists = useQuery({ queryKey: exportQueryKeys.lists, queryFn: ({ signal }) => fetchLists(signal) });
  const serverPresets = useQuery({
    queryKey: exportQueryKeys.presets,
    queryFn: ({ signal }) => fetchPresets(signal),
  });
  const presets = useMemo(
    () => mergePresets(serverPresets.data ?? [], readLocalPresets()),
    [serverPresets.data],
  );

  const groups = useMemo(() => fieldGroups(dictionary.data ?? []), [dictionary.data]);
  const allNames = useMemo(
    () => groups.flatMap((group) => group.fields.map((field) => field.name)),
    [groups],
  );
  // Until the user changes it, every field is chosen.
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const selected = chosen ?? new Set(allNames);
  const [geometry, setGeometry] = useState<ExportGeometryColumn>('wkb_geometry');
  const [fileType, setFileType] = useState<ExportFileType>('csv');
  const [preset, setPreset] = useState<string | null>(null);
  const [naming, setNaming] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<
    | { kind: 'downloaded'; name: string }
    | { kind: 'queued'; jobId: string }
    | { kind: 'error'; message: string }
    | null
  >(null);

  const choose = (names: string[], on: boolean) => {
    const next = new Set(selected);
    for (const name of names) {
      if (on) next.add(name);
      else next.delete(name);
    }
    setChosen(next);
    setOutcome(null);
  };

  const storePresets = useMutation({
    mutationFn: savePresets,
    onSuccess: (saved) => client.setQueryData(exportQueryKeys.presets, saved),
    onError: (error) =>
      void message.error(error instanceof ApiError ? error.message : 'Failed to save presets'),
  });

  const applyPreset = (name: string | null) => {
    setPreset(name);
    const found = presets.find((candidate) => candidate.name === name);
    if (!found) return;
    setChosen(new Set(found.fields.filter((field) => allNames.includes(field))));
    setGeometry(found.geometry);
    setFileType(found.fileType);
    setOutcome(null);
  };

  const handleSavePreset = () => {
    const parsed = exportPresetSchema.safeParse({
      name: naming ?? '',
      fields: allNames.filter((name) => selected.has(name)),
      geometry,
      fileType,
    });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? exportMessages.presetName);
      return;
    }
    const next: ExportPreset[] = [...presets.filter((p) => p.name !== parsed.data.name), parsed.data];
    storePresets.mutate(next.slice(-EXPORT_LIMITS.maxPresets), {
      onSuccess: () => {
        setPreset(parsed.data.name);
        setNaming(null);
        void message.success(exportMessages.presetSaved);
      },
    });
  };

  const handleDeletePreset = () => {
    storePresets.mutate(
      presets.filter((p) => p.name !== preset),
      {
        onSuccess: () => {
          setPreset(null);
          void message.success(exportMessages.presetDeleted);
        },
      },
    );
  };

  const run = useMutation({
    mutationFn: (request: SiteExportRequest) => exportSites(request),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      setOutcome(
        answer.kind === 'downloaded'
          ? { kind: 'downloaded', name: answer.name }
          : { kind: 'queued', jobId: answer.data.jobId },
      );
      if (answer.kind === 'accepted') void client.invalidateQueries({ queryKey: ['notifications'] });
    },
    onError: (error) =>
      setOutcome({
        kind: 'error',
        message: error instanceof ApiError ? error.message : exportMessages.failed,
      }),
  });

  const handleExport = () => {
    if (!source) return;
    const fields = allNames.filter((name) => selected.has(name));
    run.mutate({
      ...(source.kind === 'ids'
        ? { site_ids: source.siteIds, scenario: source.scenario }
        : source.kind === 'search'
          ? { filters: source.filters, scenario: source.scenario }
          : { listId: source.listId }),
      file_type: fileType,
      selected_fields: fields,
      geometry_column: geometry,
    });
  };

  const list =
    source?.kind === 'list' ? lists.data?.find((candidate) => candidate.id === source.listId) : undefined;
  const count =
    source?.kind === 'ids'
      ? source.siteIds.length
      : source?.kind === 'search'
        ? source.total
        : (list?.siteCount ?? null);
  const format = EXPORT_FORMATS.find((candidate) => candidate.value === fileType);

  return (
    <main className="page data-export">
      <h1 className="page__title">Data export</h1>

      <section className="data-export__section" aria-labelledby="data-export-sites">
        <h2 id="data-export-sites" className="data-export__heading">
          Sites
        </h2>
        {source?.kind === 'ids' && (
          <p className="data-export__count" data-testid="export-count">
            {source.siteIds.length.toLocaleString('en-GB')} {source.siteIds.length === 1 ? 'site' : 'sites'}{' '}
            from the search results (scenario {source.scenario})
          </p>
        )}
        {source?.kind === 'search' && (
          <p className="data-export__count" data-testid="export-count">
            {source.total.toLocaleString('en-GB')} sites matching the search (scenario {source.scenario})
          </p>
        )}
        {!carried && (
          <Space direction="vertical">
            <Typography.Text>Choose a site list, or use 'Export search results' on the map.</Typography.Text>
            <Select
              aria-label="Site list"
              placeholder="Site list"
              style={{ minWidth: 280 }}
              loading={lists.isPending}
              value={pickedList}
              onChange={(value: string) => {
                setPickedList(value);
                setOutcome(null);
              }}
              options={(lists.data ?? []).map((candidate) => ({
                value: candidate.id,
                label: `${candidate.listName} (${candidate.siteCount.toLocaleString('en-GB')})`,
              }))}
            />
          </Space>
        )}
        {source?.kind === 'list' && (
          <p className="data-export__count" data-testid="export-count">
            {list
              ? `${list.siteCount.toLocaleString('en-GB')} ${list.siteCount === 1 ? 'site' : 'sites'} on the list '${list.listName}'`
              : 'The sites of a site list'}
          </p>
        )}
        {count !== null && count > EXPORT_LIMITS.syncMaxSites && (
          <Typography.Text type="secondary">
            More than {EXPORT_LIMITS.syncMaxSites.toLocaleString('en-GB')} sites: the export will run in the
            background, and its download link will appear on this page.
          </Typography.Text>
        )}
      </section>

      <section className="data-export__section" aria-labelledby="data-export-presets">
        <h2 id="data-export-presets" className="data-export__heading">
          Presets
        </h2>
        <Space wrap>
          <Select
            aria-label="Preset"
            placeholder="Apply a preset"
            style={{ minWidth: 220 }}
            allowClear
            value={preset}
            onChange={(value: string | undefined) => applyPreset(value ?? null)}
            options={presets.map((candidate) => ({ value: candidate.name, label: candidate.name }))}
          />
          <Button onClick={() => setNaming(preset ?? '')}>Save as preset</Button>
          <Popconfirm
            title={`Delete the preset '${preset ?? ''}'?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={handleDeletePreset}
            disabled={!preset}
          >
            <Button danger disabled={!preset} loading={storePresets.isPending && naming === null}>
              Delete preset
            </Button>
          </Popconfirm>
        </Space>
      </section>

      <section className="data-export__section" aria-labelledby="data-export-fields">
        <h2 id="data-export-fields" className="data-export__heading">
          Fields
        </h2>
        {dictionary.isPending ? (
          <Spin />
        ) : dictionary.isError ? (
          <Alert type="error" showIcon message="Failed to load the site fields" />
        ) : (
          <>
            <Space className="data-export__bulk">
              <Button size="small" onClick={() => choose(allNames, true)}>
                Select all
              </Button>
              <Button size="small" onClick={() => choose(allNames, false)}>
                Select none
              </Button>
              <Typography.Text type="secondary">
                {selected.size} of {allNames.length} chosen; the {EXPORT_SITE_ID.label} is always included
              </Typography.Text>
            </Space>
            <div className="data-export__groups">
              {groups.map((group) => {
                const names = group.fields.map((field) => field.name);
                const on = names.filter((name) => selected.has(name)).length;
                return (
                  <fieldset key={group.title} className="data-export__group">
                    <legend>
                      <Checkbox
                        checked={on === names.length}
                        indeterminate={on > 0 && on < names.length}
                        onChange={(event) => choose(names, event.target.checked)}
                      >
                        <strong>{group.title}</strong>
                      </Checkbox>
                    </legend>
                    {group.fields.map((field) => (
                      <Checkbox
                        key={field.name}
                        className="data-export__field"
                        checked={selected.has(field.name)}
                        onChange={(event) => choose([field.name], event.target.checked)}
                      >
                        {field.label}
                      </Checkbox>
                    ))}
                  </fieldset>
                );
              })}
            </div>
          </>
        )}
      </section>

      <section className="data-export__section" aria-labelledby="data-export-geometry">
        <h2 id="data-export-geometry" className="data-export__heading">
          Geometry
        </h2>
        <Radio.Group
          aria-labelledby="data-export-geometry"
          value={geometry}
          onChange={(event) => {
            setGeometry(event.target.value as ExportGeometryColumn);
            setOutcome(null);
          }}
          options={exportGeometryColumns.map((value) => ({ value, label: EXPORT_GEOMETRY_LABELS[value] }))}
        />
      </section>

      <section className="data-export__section" aria-labelledby="data-export-format">
        <h2 id="data-export-format" className="data-export__heading">
          Format
        </h2>
        <Select
          aria-label="Format"
          style={{ minWidth: 320 }}
          value={fileType}
          onChange={(value: ExportFileType) => {
            setFileType(value);
            setOutcome(null);
          }}
          options={EXPORT_FORMATS.map((candidate) => ({ value: candidate.value, label: candidate.label }))}
        />
        {format && !format.spatial && (
          <Typography.Paragraph type="secondary" className="data-export__hint">
            Excel carries each site's easting and northing, not its outline.
          </Typography.Paragraph>
        )}
      </section>

      <Button type="primary" size="large" disabled={!source} loading={run.isPending} onClick={handleExport}>
        Export
      </Button>

      <div className="data-export__outcome" aria-live="polite">
        {outcome?.kind === 'downloaded' && (
          <Alert type="success" showIcon message={`${exportMessages.downloaded}: ${outcome.name}`} />
        )}
        {outcome?.kind === 'queued' && <ExportJobStatus jobId={outcome.jobId} />}
        {outcome?.kind === 'error' && <Alert type="error" showIcon role="alert" message={outcome.message} />}
      </div>

      <Modal
        open={naming !== null}
        title="Save as preset"
        okText="Save"
        okButtonProps={{ loading: storePresets.isPending }}
        onOk={handleSavePreset}
        onCancel={() => {
          setNaming(null);
          setNameError(null);
        }}
        destroyOnHidden
      >
        <Input
          aria-label="Preset name"
          value={naming ?? ''}
          maxLength={100}
          onChange={(event) => {
            setNaming(event.target.value);
            setNameError(null);
          }}
          onPressEnter={handleSavePreset}
        />
        {nameError && (
          <Typography.Text type="danger" role="alert">
            {nameError}
          </Typography.Text>
        )}
      </Modal>
    </main>
  );
}
