import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useEditorState, type Editor, type EditorEvents } from '@tiptap/react';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorNode } from '@planning/shared';
import { ApiError } from '../../api/client';
import { changesRedactions, lastRemovedIds, redactionsOf } from './markOps';

/** The topics and sites kept in step with the text's tags and map marks; null: not kept. */
export type Links = { topicIds: string[] | null; siteIds: string[] | null };
export type SaveChanges = { content: EditorNode; topicIds?: string[]; siteIds?: string[] };
export type Saved = { content: EditorNode } & Links;

/** Who redacted a text and when: the server's to say, once the redaction is saved. */
export type RedactionStamp = { by: string | null; at: string | null };

const sameSet = (a: string[] | null, b: string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((value) => b.includes(value));
const sameLinks = (a: Links, b: Links) => sameSet(a.topicIds, b.topicIds) && sameSet(a.siteIds, b.siteIds);

export const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : fallback;

/** Spec 02 §8 (config errors) 'Failed to save changes': a save that failed without the server's words. */
const SAVE_FAILED = 'Failed to save changes';

/**
 * The editor's saving (issue 25 point 6): Save (or Ctrl+S) sends the text, its marks and the
 * topics and sites they keep in step; each redaction added, removed or changed is saved as it
 * happens, with whatever else was changed. Saves go one after another, each sending the text as
 * it is when its turn comes, so two quick actions never lose one another, and the editor's text
 * is never replaced under the officer (undo keeps working). The server stamps new redactions with
 * who and when; the stamps are kept beside the text to show them.
 */
export function useEditorSaving({
  editor,
  links: initialLinks,
  onSave,
}: {
  editor: Editor;
  links: Links;
  onSave: (changes: SaveChanges) => Promise<Saved>;
}) {
  // What the server holds: the text last sent and saved, and its topics and sites. The saves
  // read them (and the topics and sites now) from refs: a save's turn comes after renders.
  const savedDoc = useRef<PMNode>(editor.state.doc);
  const savedLinks = useRef<Links>(initialLinks);
  const [linksSaved, setLinksSaved] = useState<Links>(initialLinks);
  const currentLinks = useRef<Links>(initialLinks);
  const [links, setLinks] = useState<Links>(initialLinks);
  const keepLinks = useCallback((next: Links) => {
    currentLinks.current = next;
    setLinks(next);
  }, []);
  const save = useRef(onSave);
  useLayoutEffect(() => {
    save.current = onSave;
  });
  const [stamps, setStamps] = useState<ReadonlyMap<string, RedactionStamp>>(new Map());
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const changed = useEditorState({
    editor,
    selector: ({ editor: current }) => !current.state.doc.eq(savedDoc.current),
  });
  const linksChanged = !sameLinks(links, linksSaved);

  /** One save of everything not yet saved, when its turn comes; true once nothing is left unsaved. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    if (editor.isDestroyed) return true;
    const sentDoc = editor.state.doc;
    const sentLinks = currentLinks.current;
    if (sentDoc.eq(savedDoc.current) && sameLinks(sentLinks, savedLinks.current)) return true;
    const changes: SaveChanges = { content: editor.getJSON() as EditorNode };
    if (sentLinks.topicIds && !sameSet(sentLinks.topicIds, savedLinks.current.topicIds))
      changes.topicIds = sentLinks.topicIds;
    if (sentLinks.siteIds && !sameSet(sentLinks.siteIds, savedLinks.current.siteIds))
      changes.siteIds = sentLinks.siteIds;
    try {
      const saved = await save.current(changes);
      savedDoc.current = sentDoc;
      savedLinks.current = { topicIds: saved.topicIds, siteIds: saved.siteIds };
      setLinksSaved(savedLinks.current);
      // The server's words for the same topics and sites, unless the officer changed them since.
      if (currentLinks.current === sentLinks) keepLinks(savedLinks.current);
      const serverDoc = editor.isDestroyed ? null : editor.schema.nodeFromJSON(saved.content);
      if (serverDoc)
        setStamps(new Map(redactionsOf(serverDoc).map(({ docId, by, at }) => [docId, { by, at }])));
      setError(null);
      return true;
    } catch (failure) {
      setError(errorText(failure, SAVE_FAILED));
      return false;
    }
  }, [editor, keepLinks]);

  /** Saves after any save already under way; resolves true when it (or an earlier one) saved everything. */
  const requestSave = useCallback((): Promise<boolean> => {
    setPending((count) => count + 1);
    const turn = queue.current.then(saveNow).finally(() => setPending((count) => count - 1));
    queue.current = turn.catch(() => undefined);
    return turn;
  }, [saveNow]);

  useEffect(() => {
    const follow = ({ transaction }: EditorEvents['transaction']) => {
      if (!transaction.docChanged) return;
      // Spec 02 §4 "notifies the caller only when the last mark of that id is removed": a topic or
      // a site leaves the representation when the last tag or map mark naming it goes, and joins
      // it with the first.
      const change = (type: 'tag' | 'map') => ({
        added: lastRemovedIds(transaction.doc, transaction.before, type),
        removed: lastRemovedIds(transaction.before, transaction.doc, type),
      });
      const tags = change('tag');
      const sites = change('map');
      if (tags.added.length + tags.removed.length + sites.added.length + sites.removed.length > 0) {
        const apply = (list: string[] | null, { added, removed }: { added: string[]; removed: string[] }) =>
          list && [
            ...list.filter((id) => !removed.includes(id)),
            ...added.filter((id) => !list.includes(id)),
          ];
        // Kept at once, so a save this same change asks for sends them.
        keepLinks({
          topicIds: apply(currentLinks.current.topicIds, tags),
          siteIds: apply(currentLinks.current.siteIds, sites),
        });
      }
      if (changesRedactions(transaction)) void requestSave();
    };
    editor.on('transaction', follow);
    return () => {
      editor.off('transaction', follow);
    };
  }, [editor, requestSave, keepLinks]);

  const saving = pending > 0;
  return {
    /** Something is not saved yet: being saved, failed to save, or changed since (leaving asks). */
    dirty: changed || linksChanged || saving,
    saving,
    /** The last save failed (with the server's words if any) and nothing saved since. */
    error,
    clearError: () => setError(null),
    /** Who redacted what and when, for redactions saved since the text was opened. */
    stampOf: (docId: string): RedactionStamp | undefined => stamps.get(docId),
    save: requestSave,
  };
}
