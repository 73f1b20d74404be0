import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import type { Mark as PMMark } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { Alert, App, Button, Segmented, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import {
  detectPersonalData,
  representationMessages as m,
  type EditorNode,
  type RedactionType,
} from '@planning/shared';
import { representationExtensions } from '../editorExtensions';
import { errorText, useEditorSaving, type Links, type SaveChanges, type Saved } from '../editorSaving';
import {
  newDocId,
  pieceAt,
  redact,
  redactionsOf,
  removeMarksWithId,
  removePiece,
  selectionAsDoc,
  type RedactionSummary,
  type SpecMarkType,
} from '../markOps';
import { currentProposals, dropProposals, ProposalHighlights, setProposals } from '../proposalHighlights';
import { proposalsIn, type Proposal } from '../proposals';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { useAllowList } from '../../../platform/data-protection/useAllowList';
import { MapDialog, RedactDialog, SiteDialog, TagDialog, useTopics } from './MarkDialogs';
import { MarkCard } from './MarkCard';
import { PublicText } from './PublicText';
import { SelectionMenu, type MenuAction } from './SelectionMenu';
import { AsReceived, ProposalList, RedactionList } from './SidePanels';

export type EditorMode = 'editing' | 'internal' | 'public';

const modeOptions: { value: EditorMode; label: string }[] = [
  { value: 'editing', label: 'Editing' },
  { value: 'internal', label: 'Internal view' },
  { value: 'public', label: 'Public view' },
];

const SPEC_MARKS = new Set<string>(['redaction', 'tag', 'map', 'subRepresentation']);

type EditorWorkspaceProps = {
  /** The page's heading and what is shown beside it (status, links). */
  heading: ReactNode;
  /**
   * What is shown under the heading; in the public view without the people's names (what may be
   * redacted is on no part of that page).
   */
  details?: (view: { publicView: boolean }) => ReactNode;
  actions?: ReactNode;
  /** The text as saved (TipTap JSON). */
  content: EditorNode;
  asReceived: string;
  canWrite: boolean;
  /** The names the detector should know; undefined while they are being read. */
  knownNames: string[] | undefined;
  /** The topics and sites the text's tags and map marks keep in step. */
  links: Links;
  onSave: (changes: SaveChanges) => Promise<Saved>;
  /** Creates a sub-representation of the selected text (on a representation only). */
  onCreateSubRepresentation?: (content: EditorNode) => Promise<{ id: string; reference: string }>;
  subRepresentation: (id: string) => { reference: string; href: string } | null;
  /** Panels under the lists (a representation's sub-representations). */
  panels?: ReactNode;
  textLabel: string;
};

/**
 * The representation editor (spec 02 §2): the text with its marks, the floating menu, the three
 * modes, the personal-data proposals and the lists beside it. Used for a representation and for a
 * sub-representation alike.
 */
export function EditorWorkspace(props: EditorWorkspaceProps) {
  const { canWrite } = props;
  const editor = useEditor({
    extensions: [...representationExtensions, ProposalHighlights],
    content: props.content,
    editable: canWrite,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.textLabel,
        class: 'rep-text',
      },
    },
  });
  if (!editor) return null;
  return <Workspace {...props} editor={editor} />;
}

function Workspace({
  editor,
  heading,
  details,
  actions,
  asReceived,
  canWrite,
  knownNames,
  links,
  onSave,
  onCreateSubRepresentation,
  subRepresentation,
  panels,
}: EditorWorkspaceProps & { editor: Editor }) {
  const { message } = App.useApp();
  const wrapper = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<EditorMode>(canWrite ? 'editing' : 'internal');
  const saving = useEditorSaving({ editor, links, onSave });
  // Each opening of a dialog is a fresh one (its key), so no choice lingers from the last.
  type Dialog = { action: MenuAction; from: number; to: number; text: string; key: number };
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState<MenuAction | null>(null);
  const [card, setCard] = useState<{ pos: number; marks: PMMark[]; top: number; left: number } | null>(null);
  const topics = useTopics();

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      proposals: currentProposals(current.state),
      redactions: redactionsOf(current.state.doc),
    }),
  });
  const { dirty } = saving;
  // Leaving while a save is under way or after one failed asks too: what is not saved would be lost.
  useUnsavedChangesGuard(dirty, {
    title: m.progressLostTitle,
    content: m.progressLostText,
    leave: m.leaveForm,
    stay: m.continueWithForm,
  });

  // Only editing changes the text; the two views read it.
  useEffect(() => {
    editor.setEditable(canWrite && mode === 'editing', false);
  }, [editor, canWrite, mode]);

  // Issue 15 point 4: on opening, the detector reads the text once it knows the people's names.
  // Issue 26 point 2: what the council's allow list holds is never proposed.
  const allow = useAllowList();
  const detected = useRef(false);
  useEffect(() => {
    if (detected.current || !canWrite || knownNames === undefined || allow === undefined) return;
    detected.current = true;
    const found = proposalsIn(editor.state.doc, knownNames, (text, known) =>
      detectPersonalData(text, { ...known, allow }),
    );
    editor.view.dispatch(setProposals(editor.state.tr, found).setMeta('addToHistory', false));
  }, [editor, canWrite, knownNames, allow]);

  const topicName = useCallback(
    (id: string) => topics.data?.find((topic) => topic.id === id)?.name ?? 'Unknown topic',
    [topics.data],
  );

  const focusRange = (from: number, to: number) => {
    const { state: current, view } = editor;
    const selection = TextSelection.create(current.doc, from, Math.min(to, current.doc.content.size));
    view.dispatch(current.tr.setSelection(selection).scrollIntoView());
    view.focus();
  };

  // ---- saving ---------------------------------------------------------------------------------
  const save = async () => {
    if (await saving.save()) void message.success('Saved');
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (dirty && canWrite) void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // ---- the floating menu's actions ------------------------------------------------------------
  const handleAction = async (action: MenuAction, range: { from: number; to: number }) => {
    const text = editor.state.doc.textBetween(range.from, range.to, '\n');
    if (action !== 'subRepresentation') {
      setDialog({ action, ...range, text, key: Date.now() });
      return;
    }
    if (!onCreateSubRepresentation) return;
    setBusy('subRepresentation');
    try {
      const created = await onCreateSubRepresentation(selectionAsDoc(editor.state.doc, range.from, range.to));
      const type = editor.schema.marks.subRepresentation!;
      const tr = editor.state.tr.addMark(
        range.from,
        range.to,
        type.create({ subRepId: created.id, docId: newDocId(), comment: null }),
      );
      editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, range.to)));
      // The link to the new sub-representation is saved with it, so the two never disagree.
      if (await saving.save()) void message.success(`Sub-representation ${created.reference} created`);
    } catch (error) {
      void message.error(errorText(error, 'Failed to create the sub-representation'));
    } finally {
      setBusy(null);
    }
  };

  const applyMark = (build: (from: number, to: number) => void) => {
    if (!dialog) return;
    build(dialog.from, dialog.to);
    setDialog(null);
    editor.commands.focus();
  };

  const addMark = (type: 'tag' | 'map', attrs: Record<string, unknown>) =>
    applyMark((from, to) => {
      const tr = editor.state.tr.addMark(from, to, editor.schema.marks[type]!.create(attrs));
      editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, to)));
    });

  // The card goes when the caret leaves the marked text (typing elsewhere, arrow keys).
  useEffect(() => {
    if (!card) return;
    const follow = () => {
      const { from } = editor.state.selection;
      if (!pieceAt(editor.state.doc, from, card.marks[0]!.type.name as SpecMarkType)) setCard(null);
    };
    editor.on('selectionUpdate', follow);
    return () => {
      editor.off('selectionUpdate', follow);
    };
  }, [editor, card]);

  // ---- marks: a click shows them; Remove takes the piece clicked ------------------------------
  const handleClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest('[data-mark]');
    if (!target || !wrapper.current || mode === 'public') return;
    // A drag that selected text is not a click on a mark (the browser's selection is current;
    // the editor's follows it a moment later).
    if (mode === 'editing' && window.getSelection()?.isCollapsed === false) return;
    const pos = editor.view.posAtDOM(target, 0);
    const node = editor.state.doc.nodeAt(pos);
    const marks = node?.marks.filter((mark) => SPEC_MARKS.has(mark.type.name)) ?? [];
    if (marks.length === 0) return;
    const box = wrapper.current.getBoundingClientRect();
    const rect = target.getBoundingClientRect();
    setCard({
      pos,
      marks,
      top: rect.bottom - box.top + 6,
      left: Math.max(0, Math.min(rect.left - box.left, box.width - 320)),
    });
  };

  const closeCard = useCallback(() => {
    setCard(null);
    editor.commands.focus();
  }, [editor]);

  const removeFromCard = (type: SpecMarkType) => {
    if (!card) return;
    const piece = pieceAt(editor.state.doc, card.pos, type);
    if (piece) editor.view.dispatch(removePiece(editor.state.tr, piece));
    const left =
      editor.state.doc.nodeAt(card.pos)?.marks.filter((mark) => SPEC_MARKS.has(mark.type.name)) ?? [];
    setCard(left.length > 0 ? { ...card, marks: left } : null);
    if (left.length === 0) editor.commands.focus();
  };

  // ---- proposals ------------------------------------------------------------------------------
  const accept = (proposals: Proposal[]) => {
    const tr = editor.state.tr;
    for (const proposal of proposals)
      redact(tr, proposal.from, proposal.to, { redactionType: proposal.kind });
    editor.view.dispatch(tr);
  };
  const reject = (proposal: Proposal) =>
    editor.view.dispatch(dropProposals(editor.state.tr, [proposal.id]).setMeta('addToHistory', false));

  const removeRedaction = (redaction: RedactionSummary) =>
    editor.view.dispatch(removeMarksWithId(editor.state.tr, 'redaction', redaction.docId));

  const editing = mode === 'editing' && canWrite;
  // Redactions saved since the text was opened carry the server's stamp beside the text.
  const redactions = state.redactions.map((redaction) =>
    redaction.by || redaction.at ? redaction : { ...redaction, ...saving.stampOf(redaction.docId) },
  );
  const failed = saving.error !== null && dirty;
  const stateText = saving.saving
    ? 'Saving…'
    : failed
      ? 'Not saved'
      : dirty
        ? 'Unsaved changes'
        : 'All changes saved';
  const stateClass = saving.saving ? '' : failed ? ' is-failed' : dirty ? ' is-dirty' : '';
  const publicDoc = useMemo(
    () => (mode === 'public' ? (editor.getJSON() as EditorNode) : null),
    [mode, editor],
  );

  return (
    <div className={`rep-editor rep-editor--${mode}`}>
      <header className="rep-editor__bar">
        <div className="rep-editor__heading">
          {heading}
          {details?.({ publicView: mode === 'public' })}
        </div>
        <Space wrap className="rep-editor__actions">
          <Segmented<EditorMode>
            aria-label="Mode"
            value={mode}
            options={modeOptions.map((option) => ({
              ...option,
              disabled: option.value === 'editing' && !canWrite,
            }))}
            onChange={(next) => {
              setCard(null);
              setMode(next);
            }}
          />
          {actions}
          {canWrite && (
            <>
              <span className={`rep-editor__state${stateClass}`} role="status">
                {stateText}
              </span>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={saving.saving}
                disabled={!dirty}
                onClick={() => void save()}
              >
                Save
              </Button>
            </>
          )}
        </Space>
      </header>
      {saving.error && (
        <Alert
          className="rep-editor__note"
          type="error"
          showIcon
          role="alert"
          title={saving.error}
          description="Your changes are kept here. Leaving now would lose them."
          action={
            <Button size="small" onClick={() => void save()} loading={saving.saving}>
              Try again
            </Button>
          }
          closable
          onClose={saving.clearError}
        />
      )}
      {!canWrite && (
        <Alert
          className="rep-editor__note"
          type="info"
          showIcon
          title="You can read this text but not change it."
        />
      )}

      <div className="rep-editor__body">
        <main
          className="rep-editor__main"
          aria-label={modeOptions.find((option) => option.value === mode)!.label}
        >
          {mode === 'public' && publicDoc ? (
            <div className="rep-paper">
              <PublicText doc={publicDoc} />
            </div>
          ) : (
            <div className="rep-paper" ref={wrapper} onClick={handleClick}>
              <EditorContent editor={editor} />
              <SelectionMenu
                editor={editor}
                wrapper={wrapper}
                enabled={editing}
                busy={busy}
                onAction={(action, range) => void handleAction(action, range)}
              />
              {card && (
                <MarkCard
                  {...card}
                  canRemove={editing}
                  stampOf={saving.stampOf}
                  topicName={topicName}
                  subRepresentation={subRepresentation}
                  onRemove={removeFromCard}
                  onClose={closeCard}
                />
              )}
            </div>
          )}
          {mode === 'public' && (
            <p className="rep-editor__hint">
              What the public reads: each redaction is replaced by its placeholder and staff-only marks are
              left out.
            </p>
          )}
        </main>

        {mode !== 'public' && (
          <aside className="rep-editor__side" aria-label="Redactions and the text as received">
            {editing && (
              <ProposalList
                proposals={state.proposals}
                onShow={(proposal) => focusRange(proposal.from, proposal.to)}
                onAccept={(proposal) => accept([proposal])}
                onReject={reject}
                onAcceptAll={() => accept(state.proposals)}
              />
            )}
            <RedactionList
              redactions={redactions}
              canRemove={editing}
              onShow={(redaction) => focusRange(redaction.from, redaction.from)}
              onRemove={removeRedaction}
            />
            {panels}
            <AsReceived text={asReceived} />
          </aside>
        )}
      </div>

      <RedactDialog
        key={`redact-${dialog?.key ?? 0}`}
        open={dialog?.action === 'redact'}
        text={dialog?.text ?? ''}
        onCancel={() => setDialog(null)}
        onRedact={(values: { redactionType: RedactionType; comment: string | null }) =>
          applyMark((from, to) => {
            const tr = redact(editor.state.tr, from, to, values);
            editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, to)));
          })
        }
      />
      <TagDialog
        key={`tag-${dialog?.key ?? 0}`}
        open={dialog?.action === 'tag'}
        text={dialog?.text ?? ''}
        onCancel={() => setDialog(null)}
        onTag={(tagIds) => addMark('tag', { tagIds })}
      />
      <MapDialog
        key={`map-${dialog?.key ?? 0}`}
        open={dialog?.action === 'map'}
        text={dialog?.text ?? ''}
        onCancel={() => setDialog(null)}
        onMap={(attrs) => addMark('map', attrs)}
      />
      <SiteDialog
        key={`site-${dialog?.key ?? 0}`}
        open={dialog?.action === 'site'}
        text={dialog?.text ?? ''}
        onCancel={() => setDialog(null)}
        onSelect={(siteId) => addMark('map', { siteIds: [siteId], layerIds: [], featureIds: [] })}
      />
    </div>
  );
}
