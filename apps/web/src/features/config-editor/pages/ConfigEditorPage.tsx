import { Component, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { Alert, App, Badge, Button, ConfigProvider, Space, Spin, Steps, Tabs, Tag } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import {
  configMessages,
  configStores,
  dataDictionarySchema,
  type ConfigType,
  type SiteField,
} from '@planning/shared';
import { api, ApiError } from '../../../api/client';
import { ConfigFrame } from '../components/ConfigFrame';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import {
  configQueryKeys,
  fetchConfigDocument,
  restoreConfigDocument,
  rollBackConfigDocument,
  saveConfigDocument,
  type ConfigDocumentDetail,
} from '../api';
import { ComparePanel } from '../components/ChangeList';
import { assignmentLabel, when } from '../components/ConfigDocumentTable';
import { DetailsDialog, type ConfigMetaDraft } from '../components/DetailsDialog';
import { ConfigErrorScreen, GenericErrorScreen, messageOf } from '../components/ErrorScreens';
import { JsonEditor, type RevealRequest } from '../components/JsonEditor';
import { locatePath } from '../configJson';
import { TemplateButton } from '../components/TemplateButton';
import { ValidationPanel } from '../components/ValidationPanel';
import { VersionHistory } from '../components/VersionHistory';
import { SiteCardForm } from '../forms/SiteCardForm';
import { SiteFeaturesForm } from '../forms/SiteFeaturesForm';
import { SiteSearchForm } from '../forms/SiteSearchForm';
import { useConfigDraft, type BuildPhase } from '../hooks/useConfigDraft';
import '../configEditor.css';

/** The types with a form editor besides the JSON one (issue 16 point 2). */
const formEditors: Partial<Record<ConfigType, typeof SiteSearchForm>> = {
  'site-search': SiteSearchForm,
  'site-card': SiteCardForm,
  'site-features': SiteFeaturesForm,
};

const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  content: 'Your changes to this config are not saved. If you leave, they are lost.',
  leave: 'Leave',
  stay: 'Stay',
};

/** What a save that failed said (spec 03 §8 'Failed to save changes', the server's words if any). */
type SaveFailure = {
  stale: boolean;
  message: string;
  issues: ReadonlyArray<{ path: string; message: string }>;
};

/** Spec 03 §4 config loading, shown while it runs: fetching, then building (links, validating). */
function LoadingSteps({ phase }: { phase: 'fetching' | BuildPhase }) {
  const current = { fetching: 0, resolving: 1, validating: 2, ready: 3 }[phase];
  const words = {
    fetching: 'Fetching config',
    resolving: 'Building config: resolving links',
    validating: 'Building config: validating',
    ready: 'Ready',
  };
  return (
    <div className="page page--centred config-loading" role="status" aria-label={words[phase]}>
      <Spin />
      <Steps
        size="small"
        current={current}
        className="config-loading__steps"
        items={[{ title: 'Fetching' }, { title: 'Resolving links' }, { title: 'Validating' }]}
      />
    </div>
  );
}

/** A render error in the editor: the generic error screen (spec 03 §2), whose Try again starts over. */
class EditorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error)
      return <GenericErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/**
 * /admin/{app}/configs/:configId and /admin/{app}/{tab}/:configId: the config editor (spec 03 §2,
 * §4, §8; issue 16 point 2).
 */
export function ConfigEditorPage() {
  const { configId = '' } = useParams();
  const listPath = useLocation()
    .pathname.replace(/\/+$/, '')
    .replace(/\/[^/]+$/, '');
  const document = useQuery({
    queryKey: configQueryKeys.detail(configId),
    queryFn: ({ signal }) => fetchConfigDocument(configId, signal),
    // Refetched while editing would change the initial config under the admin's comparison.
    refetchOnWindowFocus: false,
  });
  if (document.isPending) return <LoadingSteps phase="fetching" />;
  if (document.isError) {
    // An id that is no config's (or no id at all, which the route refuses with 400) is not found.
    const notFound =
      document.error instanceof ApiError && (document.error.status === 404 || document.error.status === 400);
    return (
      <ConfigErrorScreen
        message={notFound ? configMessages.notFound : messageOf(document.error, configMessages.failedToGet)}
        onReload={() => void document.refetch()}
        extra={<Link to={listPath}>Back to the list</Link>}
      />
    );
  }
  return (
    <EditorBoundary>
      {/* A new key per version: a save or rollback starts the draft again from the saved document. */}
      <ConfigEditor
        key={`${document.data.id}:${document.data.version}`}
        document={document.data}
        listPath={listPath}
      />
    </EditorBoundary>
  );
}

function ConfigEditor({ document, listPath }: { document: ConfigDocumentDetail; listPath: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const draft = useConfigDraft(document);
  const Form = formEditors[document.type];
  const [tab, setTab] = useState<'form' | 'json' | 'compare'>(Form ? 'form' : 'json');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [reveal, setReveal] = useState<RevealRequest | undefined>(undefined);
  const immutable = document.store === 'immutable_configs';
  const deleted = document.deletedAt !== null;
  const editable = !immutable && !deleted;
  const [meta, setMeta] = useState<ConfigMetaDraft | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const shownMeta: ConfigMetaDraft = meta ?? {
    label: document.label,
    tags: document.tags,
    assignment: document.assignment,
  };
  const metaDirty =
    meta !== null &&
    (meta.label !== document.label ||
      meta.assignment !== document.assignment ||
      meta.tags.join('\n') !== document.tags.join('\n'));
  const dirty = draft.dirty || metaDirty;

  useUnsavedChangesGuard(dirty, LEAVE_QUESTION);

  const dictionary = useQuery({
    queryKey: configQueryKeys.dictionary,
    queryFn: async ({ signal }) =>
      (await api.get('/data-dictionary', dataDictionarySchema, { signal })).fields,
    enabled: Form !== undefined,
    staleTime: 5 * 60_000,
  });
  const fields: readonly SiteField[] = dictionary.data ?? [];

  const problems = useMemo(() => {
    const found = new Map<string, string>();
    for (const issue of draft.check?.validation.issues ?? [])
      if (!found.has(issue.path)) found.set(issue.path, issue.message);
    return found;
  }, [draft.check]);

  const afterChange = async (saved: ConfigDocumentDetail, words: string) => {
    setFailure(null);
    queryClient.setQueryData(configQueryKeys.detail(saved.id), saved);
    // The lists, the history, and the screens that read the council's current document.
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: configQueryKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
      queryClient.invalidateQueries({ queryKey: ['configs', saved.type] }),
      queryClient.invalidateQueries({ queryKey: ['public', 'configs', saved.type] }),
    ]);
    void message.success(words);
  };
  const failed = (error: unknown) =>
    setFailure({
      stale: error instanceof ApiError && error.status === 409 && error.message === configMessages.stale,
      message: error instanceof ApiError ? error.message : configMessages.unknownError,
      issues: error instanceof ApiError ? error.issues : [],
    });

  const save = useMutation({
    mutationFn: (config: unknown) =>
      saveConfigDocument(document.id, {
        config,
        expectedVersion: document.version,
        ...(metaDirty && meta ? { label: meta.label, tags: meta.tags, assignment: meta.assignment } : {}),
      }),
    onSuccess: (saved) => afterChange(saved, configMessages.saved),
    onError: failed,
  });
  const rollBack = useMutation({
    mutationFn: (version: number) => rollBackConfigDocument(document.id, version),
    onSuccess: (saved, version) => afterChange(saved, `Rolled back to version ${version}`),
    onError: failed,
  });
  const restore = useMutation({
    mutationFn: async () => {
      await restoreConfigDocument(document.id);
      return fetchConfigDocument(document.id);
    },
    onSuccess: (saved) => afterChange(saved, 'Config restored'),
    onError: failed,
  });

  const handleSave = () => {
    setFailure(null);
    // An immutable config keeps its document: only its details change.
    if (immutable) {
      save.mutate(document.config);
      return;
    }
    if (!draft.parsed.ok || (draft.check && !draft.check.validation.valid)) {
      void message.error(configMessages.invalid);
      return;
    }
    save.mutate(draft.parsed.value);
  };

  const handleReload = async () => {
    setFailure(null);
    draft.reset();
    setMeta(null);
    await queryClient.invalidateQueries({ queryKey: configQueryKeys.detail(document.id) });
  };

  // Spec 03 §4: the page is ready once the opened document is built (links resolved, validated).
  if (draft.building) return <LoadingSteps phase={draft.lastCheck?.phase ?? 'validating'} />;

  const changeCount = draft.comparison.changes.length;
  const problemsShown = (
    <ValidationPanel
      check={draft.check}
      lastCheck={draft.lastCheck}
      onShowProblem={(path) => {
        // The JSON tab opens with the problem selected and in view.
        setTab('json');
        setReveal((before) => ({ ...locatePath(draft.text, path), request: (before?.request ?? 0) + 1 }));
      }}
    />
  );

  return (
    <ConfigFrame title={shownMeta.label}>
      <div className="config-editor">
        <p className="config-editor__crumbs">
          <Link to={listPath}>Back to {listPath.endsWith('/configs') ? 'configs' : document.typeLabel}</Link>
        </p>
        <div className="config-editor__head">
          <div>
            <Space size={[4, 4]} wrap className="config-editor__meta">
              <Tag color="blue">{document.typeLabel}</Tag>
              <Tag>{configStores[document.store]}</Tag>
              {shownMeta.assignment && <Tag>{assignmentLabel(shownMeta.assignment)}</Tag>}
              {shownMeta.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
              <span className="config-editor__version">
                Version {document.version} · updated {when(document.updatedAt)}
                {document.updatedBy ? ` by ${document.updatedBy}` : ''}
              </span>
            </Space>
          </div>
          <Space wrap className="config-editor__actions">
            <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
              Version history
            </Button>
            <TemplateButton type={document.type} draft={draft.parsed.ok ? draft.parsed.value : undefined} />
            {!deleted && (
              <>
                <Button onClick={() => setDetailsOpen(true)}>Details</Button>
                <Button
                  onClick={() => {
                    draft.reset();
                    setMeta(null);
                  }}
                  disabled={!dirty}
                >
                  Reset
                </Button>
                <Button type="primary" onClick={handleSave} loading={save.isPending} disabled={!dirty}>
                  Save
                </Button>
              </>
            )}
          </Space>
        </div>

        {immutable && (
          <Alert
            className="config-editor__note"
            type="info"
            showIcon
            title={configMessages.immutable}
            description="You can read it, compare drafts with it and copy it into a new config."
          />
        )}
        {deleted && (
          <Alert
            className="config-editor__note"
            type="warning"
            showIcon
            title={configMessages.deleted}
            action={
              <Button onClick={() => restore.mutate()} loading={restore.isPending}>
                Restore
              </Button>
            }
          />
        )}
        {failure && (
          <Alert
            className="config-editor__note"
            type={failure.stale ? 'warning' : 'error'}
            showIcon
            role="alert"
            title={failure.stale ? failure.message : configMessages.failedToSave}
            description={
              failure.stale ? undefined : (
                <>
                  {failure.message !== configMessages.failedToSave && (
                    <p className="config-editor__failure">{failure.message}</p>
                  )}
                  {failure.issues.length > 0 && (
                    <ul className="config-validation__issues">
                      {failure.issues.map((issue, index) => (
                        <li key={`${issue.path}-${index}`}>
                          {issue.path && <code className="config-validation__path">{issue.path}</code>}
                          {issue.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )
            }
            action={failure.stale ? <Button onClick={() => void handleReload()}>Reload</Button> : undefined}
          />
        )}

        <div className="config-editor__body">
          <div className="config-editor__main">
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as typeof tab)}
              items={[
                ...(Form
                  ? [
                      {
                        key: 'form',
                        label: 'Form',
                        children: draft.parsed.ok ? (
                          <>
                            {dictionary.isError && (
                              <Alert
                                className="config-editor__note"
                                type="warning"
                                showIcon
                                title="The site fields could not be loaded: type field names in the JSON tab."
                              />
                            )}
                            {/* An immutable or deleted config is read, not changed: every control is off. */}
                            <ConfigProvider componentDisabled={!editable}>
                              <Form
                                value={draft.parsed.value}
                                onChange={draft.setValue}
                                fields={fields}
                                problems={problems}
                              />
                            </ConfigProvider>
                          </>
                        ) : (
                          <Alert
                            type="warning"
                            showIcon
                            title="The JSON has a mistake the form cannot read past"
                            description={draft.parsed.message}
                            action={<Button onClick={() => setTab('json')}>Open the JSON</Button>}
                          />
                        ),
                      },
                    ]
                  : []),
                {
                  key: 'json',
                  label: 'JSON',
                  children: (
                    <JsonEditor
                      value={draft.text}
                      onChange={draft.setText}
                      readOnly={!editable}
                      reveal={reveal}
                      marks={draft.marks}
                      marksFor={draft.text}
                      label={`${document.typeLabel} config as JSON`}
                    />
                  ),
                },
                {
                  key: 'compare',
                  label: (
                    <span>
                      Compare{' '}
                      {changeCount > 0 && (
                        <Badge
                          count={changeCount}
                          size="small"
                          color="blue"
                          aria-label={`${changeCount} changes`}
                        />
                      )}
                    </span>
                  ),
                  children: <ComparePanel comparison={draft.comparison} />,
                },
              ]}
            />
          </div>
          <aside className="config-editor__side" aria-label="Validation result">
            {problemsShown}
          </aside>
        </div>

        <DetailsDialog
          open={detailsOpen}
          value={shownMeta}
          onApply={setMeta}
          onClose={() => setDetailsOpen(false)}
        />
        <VersionHistory
          open={historyOpen}
          configId={document.id}
          currentVersion={document.version}
          canRollBack={editable}
          dirty={dirty}
          onRollBack={async (version) => {
            await rollBack.mutateAsync(version);
            setHistoryOpen(false);
          }}
          onClose={() => setHistoryOpen(false)}
        />
      </div>
    </ConfigFrame>
  );
}
