import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Dropdown,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Tooltip,
} from 'antd';
import { EyeOutlined, RedoOutlined, ShareAltOutlined, SwapOutlined, UndoOutlined } from '@ant-design/icons';
import {
  documentMessages,
  documentOutline,
  type DocumentConfig,
  type DocumentRecord,
} from '@planning/shared';
import { ApiError } from '../../../api/client';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { builderQueryKeys, createTemplate, fetchDocument, fetchTemplate } from '../api';
import {
  addBlock,
  addSection,
  deleteEntity,
  duplicateBlock,
  extractTemplate,
  insertTemplate,
  isSection,
  moveAmongKind,
  moveBy,
  moveSectionInto,
  moveToSection,
  newId,
  parentOf,
  sectionNumbers,
  setHideNumbering,
  updateEntity,
  type BlockType,
} from '../configOps';
import { BlockList } from '../components/BlockList';
import { BlockProperties } from '../components/BlockProperties';
import { MoveSectionDialog } from '../components/MoveSectionDialog';
import { SectionTree } from '../components/SectionTree';
import { ShareDialog } from '../components/ShareDialog';
import { TemplatePicker } from '../components/TemplatePicker';
import { useDocumentEditor, type SaveState } from '../useDocumentEditor';
import { usePublishToggle } from '../usePublishToggle';
import '../documentBuilder.css';

/** /documents/{documentId}: the document builder's editor (spec 02 §2). */
export function DocumentEditorPage() {
  const { documentId = '' } = useParams();
  const { flags } = useTenant();
  const [generation, setGeneration] = useState(0);
  const document = useQuery({
    queryKey: builderQueryKeys.document(documentId),
    queryFn: ({ signal }) => fetchDocument(documentId, signal),
    // Read afresh on opening; after that the editor owns the draft and nothing replaces it
    // under the user but Reload.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (!flags.documentBuilder) return <Result status="info" title={documentMessages.builderOff} />;
  if (document.isPending || (!document.isFetchedAfterMount && !document.isError))
    return (
      <div className="page page--centred" role="status" aria-label="Loading the document">
        <Spin />
      </div>
    );
  if (document.isError)
    return (
      <Result
        status={document.error instanceof ApiError && document.error.status === 404 ? '404' : 'error'}
        title={document.error instanceof ApiError ? document.error.message : 'Failed to load the document'}
        extra={<Link to="/documents">Back to the documents</Link>}
      />
    );
  // Reload (after someone else's save) starts a fresh editor and history.
  return (
    <Editor
      key={generation}
      record={document.data}
      onReload={async () => {
        await document.refetch();
        setGeneration((current) => current + 1);
      }}
    />
  );
}

/** An ISO instant as a datetime-local input shows it, in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function saveStateText(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      return 'Saved';
    case 'pending':
    case 'saving':
      return 'Saving…';
    case 'invalid':
    case 'failed':
      return `Not saved: ${state.reason}`;
    case 'conflict':
      return 'Not saved: someone else saved this document meanwhile';
  }
}

function Editor({ record, onReload }: { record: DocumentRecord; onReload: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const editor = useDocumentEditor(record);
  const { draft, edit, problems } = editor;
  const { config } = draft;
  const readOnly = !record.policy.canWrite;
  const [sectionId, setSectionId] = useState(config.root);
  const [blockId, setBlockId] = useState<string | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const [templatePicker, setTemplatePicker] = useState(false);
  // The sub-section "Move to section…" is moving, while its dialog is open.
  const [moving, setMoving] = useState<string | null>(null);
  const [naming, setNaming] = useState<{ kind: 'document' | 'block'; id?: string } | null>(null);
  const numbers = useMemo(() => sectionNumbers(config), [config]);

  // Undo may take away what is selected: fall back to what still exists.
  const section =
    config.entities[sectionId] && isSection(config.entities[sectionId]) ? sectionId : config.root;
  const block = blockId && config.entities[blockId] ? blockId : null;

  const change = useCallback(
    (next: (config: DocumentConfig) => DocumentConfig, group: string | null = null) =>
      edit((current) => ({ ...current, config: next(current.config) }), group),
    [edit],
  );

  const { undo, redo } = editor;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      const target = event.target as HTMLElement | null;
      // Text fields keep their own undo of what is being typed.
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const publish = usePublishToggle({
    id: record.id,
    title: draft.title,
    onPublished: editor.applyServerMeta,
  });

  const saveTemplate = useMutation({
    mutationFn: ({ kind, name, id }: { kind: 'document' | 'block'; name: string; id?: string }) =>
      kind === 'document'
        ? createTemplate({ kind, name, config })
        : createTemplate({ kind, name, config: extractTemplate(config, id!) }),
    onSuccess: () => {
      setNaming(null);
      void queryClient.invalidateQueries({ queryKey: builderQueryKeys.all });
      void message.success('Template saved');
    },
  });

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: builderQueryKeys.status(record.id) });
    void onReload();
  };

  const sectionProblems = useMemo(() => {
    const marked = new Set<string>();
    for (const problem of problems) {
      let at = problem.entityId;
      while (at) {
        if (isSection(config.entities[at])) marked.add(at);
        at = parentOf(config, at);
      }
    }
    return marked;
  }, [problems, config]);

  const selected = block ? config.entities[block] : undefined;
  const sectionEntity = config.entities[section]!;
  const isRoot = section === config.root;
  const stateText = saveStateText(editor.saveState);
  const bad = ['invalid', 'failed', 'conflict'].includes(editor.saveState.kind);
  const titleProblem = problems.find((problem) => problem.entityId === null && problem.field === 'title');

  return (
    <div className="builder">
      <header className="builder-bar">
        <Link to="/documents" className="builder-bar__back">
          ← Documents
        </Link>
        <div className="builder-bar__title">
          <label htmlFor="builder-title" className="visually-hidden">
            Document title
          </label>
          <Input
            id="builder-title"
            value={draft.title}
            readOnly={readOnly}
            status={titleProblem ? 'error' : undefined}
            aria-invalid={titleProblem ? true : undefined}
            onChange={(event) => {
              const title = event.target.value;
              edit(
                (current) => ({
                  ...current,
                  title,
                  // The root section carries the title too (the public page's heading).
                  config: updateEntity(current.config, {
                    ...current.config.entities[current.config.root]!,
                    title,
                  } as DocumentConfig['entities'][string]),
                }),
                'title',
              );
            }}
            onBlur={editor.endTyping}
          />
        </div>
        <Tag className={`builder-status${editor.isPublished ? ' is-published' : ''}`}>
          {editor.isPublished ? 'Published' : 'Draft'}
        </Tag>
        {!readOnly && (
          <span
            className={`builder-save-state${bad ? ' is-bad' : ''}`}
            role="status"
            aria-live="polite"
            data-state={editor.saveState.kind}
          >
            {stateText}
          </span>
        )}
        <Space wrap className="builder-bar__actions">
          <Tooltip title="Undo (Ctrl+Z)">
            <Button
              icon={<UndoOutlined />}
              aria-label="Undo"
              disabled={!editor.canUndo || readOnly}
              onClick={editor.undo}
            />
          </Tooltip>
          <Tooltip title="Redo (Ctrl+Shift+Z)">
            <Button
              icon={<RedoOutlined />}
              aria-label="Redo"
              disabled={!editor.canRedo || readOnly}
              onClick={editor.redo}
            />
          </Tooltip>
          <Button icon={<EyeOutlined />} onClick={() => navigate(`/documents/preview/${record.id}`)}>
            Preview
          </Button>
          <Button icon={<ShareAltOutlined />} disabled={readOnly} onClick={() => setShareOpen(true)}>
            Share
          </Button>
          <Dropdown
            disabled={readOnly}
            trigger={['click']}
            menu={{
              items: [{ key: 'template', label: 'Save as template' }],
              onClick: () => setNaming({ kind: 'document' }),
            }}
          >
            <Button>More</Button>
          </Dropdown>
          <Tooltip
            title={
              editor.hasUnsaved && !readOnly ? 'Publishing waits until your changes are saved' : undefined
            }
          >
            <Button
              type="primary"
              disabled={readOnly || editor.hasUnsaved}
              loading={publish.isPending}
              onClick={() => publish.toggle(!editor.isPublished)}
            >
              {editor.isPublished ? 'Unpublish' : 'Publish'}
            </Button>
          </Tooltip>
        </Space>
      </header>

      {readOnly && (
        <Alert
          type="info"
          showIcon
          title="You can read this document but not change it."
          className="builder-note"
        />
      )}
      {editor.changedElsewhere && (
        <Alert
          className="builder-note"
          type="warning"
          showIcon
          role="alert"
          title={documentMessages.changedMeanwhile}
          action={
            <Button size="small" onClick={reload}>
              Reload
            </Button>
          }
        />
      )}

      <div className="builder-panes">
        <aside className="builder-pane builder-pane--tree">
          <SectionTree
            config={config}
            numbers={numbers}
            selectedId={section}
            withProblems={sectionProblems}
            readOnly={readOnly}
            onSelect={(id) => {
              setSectionId(id);
              setBlockId(null);
            }}
            onAddSection={(parentId) => {
              const added = addSection(
                config,
                parentId,
                parentId === config.root ? 'New section' : 'New sub-section',
              );
              change(() => added.config);
              setSectionId(added.id);
              setBlockId(null);
            }}
            onDelete={(id) => change((current) => deleteEntity(current, id))}
            onMove={(id, to) => change((current) => moveAmongKind(current, id, to))}
            onMoveBy={(id, delta) => change((current) => moveBy(current, id, delta))}
            onMoveInto={(id, target) => change((current) => moveSectionInto(current, id, target))}
          />
          <fieldset className="builder-settings">
            <legend>Document settings</legend>
            <div className="builder-field builder-field--inline">
              <Switch
                id="builder-hide-numbers"
                size="small"
                disabled={readOnly}
                checked={config.documentSettings.hideSectionNumberings}
                onChange={(hide) => change((current) => setHideNumbering(current, hide))}
              />
              <label htmlFor="builder-hide-numbers">Hide section numbers</label>
            </div>
            <div className="builder-field">
              <label htmlFor="builder-open-until">Answers open until</label>
              <Input
                id="builder-open-until"
                type="datetime-local"
                aria-describedby="builder-open-until-hint"
                readOnly={readOnly}
                value={toLocalInput(draft.answersOpenUntil)}
                onChange={(event) => {
                  const value = event.target.value;
                  edit((current) => ({
                    ...current,
                    answersOpenUntil: value ? new Date(value).toISOString() : null,
                  }));
                }}
              />
              <div id="builder-open-until-hint" className="builder-field__hint">
                Empty: answers stay open while the document is published.
              </div>
            </div>
          </fieldset>
        </aside>

        <main className="builder-pane builder-pane--blocks" aria-label="Section">
          <div className="builder-section-head">
            {isRoot ? (
              <h1 className="builder-pane__title">Start of the document</h1>
            ) : (
              <div className="builder-field">
                <label htmlFor="builder-section-title">
                  {sectionEntity.type === 'subSection' ? 'Sub-section' : 'Section'}{' '}
                  {numbers.get(section) ?? ''} title
                </label>
                <Input
                  id="builder-section-title"
                  value={'title' in sectionEntity ? (sectionEntity.title ?? '') : ''}
                  readOnly={readOnly}
                  onChange={(event) =>
                    change(
                      (current) =>
                        updateEntity(current, {
                          ...current.entities[section]!,
                          title: event.target.value,
                        } as DocumentConfig['entities'][string]),
                      `${section}:title`,
                    )
                  }
                  onBlur={editor.endTyping}
                />
                {sectionEntity.type === 'subSection' && !readOnly && (
                  <Button
                    className="builder-section-head__move"
                    icon={<SwapOutlined aria-hidden />}
                    onClick={() => setMoving(section)}
                  >
                    Move to section…
                  </Button>
                )}
              </div>
            )}
          </div>
          <BlockList
            config={config}
            sectionId={section}
            selectedId={block}
            problems={problems}
            readOnly={readOnly}
            onSelect={setBlockId}
            onAdd={(type: BlockType) => {
              const added = addBlock(config, section, type);
              change(() => added.config);
              setBlockId(added.id);
            }}
            onInsertTemplate={() => setTemplatePicker(true)}
            onDuplicate={(id) => {
              const copied = duplicateBlock(config, id);
              change(() => copied.config);
              setBlockId(copied.id);
            }}
            onDelete={(id) => change((current) => deleteEntity(current, id))}
            onSaveAsTemplate={(id) => setNaming({ kind: 'block', id })}
            onMove={(id, to) => change((current) => moveAmongKind(current, id, to))}
            onMoveBy={(id, delta) => change((current) => moveBy(current, id, delta))}
          />
        </main>

        <aside className="builder-pane builder-pane--properties" aria-label="Block properties">
          {selected && !readOnly && (
            <div className="builder-field">
              <label htmlFor="builder-block-section">In section</label>
              <Select
                id="builder-block-section"
                value={parentOf(config, selected.id) ?? undefined}
                options={[
                  { value: config.root, label: 'Start of the document' },
                  ...documentOutline(config).map((entry) => ({
                    value: entry.id,
                    label: `${entry.number ? `${entry.number} ` : ''}${entry.title || 'Untitled section'}`,
                  })),
                ]}
                onChange={(target: string) => {
                  change((current) => moveToSection(current, selected.id, target));
                  setSectionId(target);
                }}
              />
            </div>
          )}
          {selected ? (
            <BlockProperties
              key={selected.id}
              documentId={record.id}
              entity={selected}
              problems={problems}
              readOnly={readOnly}
              freshId={() => newId(config, 'q')}
              onChange={(entity, field) =>
                change((current) => updateEntity(current, entity), `${entity.id}:${field}`)
              }
              config={config}
              onConfigChange={change}
            />
          ) : (
            <p className="builder-pane__empty">Choose a block to see its settings.</p>
          )}
        </aside>
      </div>

      <ShareDialog
        documentId={record.id}
        open={shareOpen}
        canWrite={record.policy.canWrite}
        onClose={() => setShareOpen(false)}
      />
      <MoveSectionDialog
        config={config}
        numbers={numbers}
        sectionId={moving}
        onClose={() => setMoving(null)}
        onMove={(target) => {
          if (moving) change((current) => moveSectionInto(current, moving, target));
          setMoving(null);
        }}
      />
      <TemplatePicker
        open={templatePicker}
        kind="block"
        onClose={() => setTemplatePicker(false)}
        onPick={async (templateId) => {
          const template = await fetchTemplate(templateId);
          if (template.kind !== 'block') return;
          const inserted = insertTemplate(config, section, template.config);
          change(() => inserted.config);
          setBlockId(isSection(inserted.config.entities[inserted.id]) ? null : inserted.id);
          setTemplatePicker(false);
        }}
      />
      <NameModal
        open={naming !== null}
        title={naming?.kind === 'block' ? 'Save the block as a template' : 'Save the document as a template'}
        saving={saveTemplate.isPending}
        error={saveTemplate.error}
        onCancel={() => {
          setNaming(null);
          saveTemplate.reset();
        }}
        onSave={(name) => naming && saveTemplate.mutate({ ...naming, name })}
      />
    </div>
  );
}

function NameModal({
  open,
  title,
  saving,
  error,
  onCancel,
  onSave,
}: {
  open: boolean;
  title: string;
  saving: boolean;
  error: Error | null;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState('');
  return (
    <Modal
      open={open}
      title={title}
      okText="Save template"
      confirmLoading={saving}
      okButtonProps={{ disabled: name.trim() === '' }}
      onOk={() => onSave(name)}
      onCancel={onCancel}
      afterClose={() => setName('')}
      destroyOnHidden
    >
      <label htmlFor="builder-template-name">Template name</label>
      <Input
        id="builder-template-name"
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      {error && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          role="alert"
          title={
            error instanceof ApiError
              ? (error.issues[0]?.message ?? error.message)
              : 'Failed to save the template'
          }
        />
      )}
    </Modal>
  );
}
