import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_LIMITS, type DocumentRecord } from '@planning/shared';
import { ApiError } from '../../api/client';
import { builderQueryKeys, fetchStatus, saveDocument } from './api';
import { draftProblems, problemSummary, type Draft } from './draft';
import { closeGroup, commit, redo, startHistory, undo, type History } from './history';

/** Spec 02 §2 builder: edits are saved about a second after the last one. */
export const AUTOSAVE_DELAY_MS = 1000;

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'conflict' };

/**
 * The builder's draft with its undo history, saved by itself (debounced PUT with ifUpdatedAt, so
 * a save over someone else's answers 409 rather than overwriting it), and the status poll that
 * tells when someone else has changed the document.
 */
export function useDocumentEditor(record: DocumentRecord) {
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<History<Draft>>(() =>
    startHistory({ title: record.title, config: record.config, answersOpenUntil: record.answersOpenUntil }),
  );
  const draft = history.present;
  // The draft as last stored, and the meta.updatedAt it was stored at (sent back as ifUpdatedAt).
  const [saved, setSaved] = useState<Draft>(draft);
  const [base, setBase] = useState(record.meta.updatedAt);
  const [isPublished, setIsPublished] = useState(record.meta.isPublished);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  // Why the last save failed, and the draft it failed with (not tried again until edited).
  const [failure, setFailure] = useState<{ reason: string; draft: Draft } | null>(null);
  const problems = useMemo(() => draftProblems(draft), [draft]);

  const waiting =
    draft !== saved && !saving && !conflict && problems.length === 0 && failure?.draft !== draft;
  // Debounced: each edit restarts the wait. Edits made while a save was on its way go next.
  useEffect(() => {
    if (!waiting) return;
    const sending = draft;
    const timer = window.setTimeout(() => {
      setSaving(true);
      saveDocument(record.id, { ...sending, ifUpdatedAt: base })
        .then((answer) => {
          setSaved(sending);
          setBase(answer.meta.updatedAt);
          setFailure(null);
          queryClient.setQueryData(builderQueryKeys.document(record.id), answer);
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 409) setConflict(true);
          else
            setFailure({
              draft: sending,
              reason:
                error instanceof ApiError
                  ? (error.issues[0]?.message ?? error.message)
                  : 'the server did not answer',
            });
        })
        .finally(() => setSaving(false));
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, draft, base, record.id, queryClient]);

  let saveState: SaveState;
  if (conflict) saveState = { kind: 'conflict' };
  else if (saving) saveState = { kind: 'saving' };
  else if (draft === saved) saveState = { kind: 'saved' };
  else if (problems.length > 0)
    saveState = { kind: 'invalid', reason: problemSummary(problems, draft.config) };
  else if (failure?.draft === draft) saveState = { kind: 'failed', reason: failure.reason };
  else saveState = { kind: 'pending' };

  // Spec 02 §4: the status is polled every minute; a newer save than ours is someone else's.
  const status = useQuery({
    queryKey: builderQueryKeys.status(record.id),
    queryFn: ({ signal }) => fetchStatus(record.id, signal),
    refetchInterval: DOCUMENT_LIMITS.statusPollMs,
    refetchIntervalInBackground: true,
  });
  const changedElsewhere =
    conflict ||
    (status.data !== undefined &&
      !saving &&
      new Date(status.data.updatedAt).getTime() > new Date(base).getTime());

  const edit = useCallback((change: (draft: Draft) => Draft, group: string | null = null) => {
    setHistory((current) => commit(current, change(current.present), group));
  }, []);
  const undoStep = useCallback(() => setHistory((current) => undo(current)), []);
  const redoStep = useCallback(() => setHistory((current) => redo(current)), []);
  const endTyping = useCallback(() => setHistory((current) => closeGroup(current)), []);

  return {
    draft,
    problems,
    saveState,
    isPublished,
    changedElsewhere,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    hasUnsaved: draft !== saved,
    edit,
    undo: undoStep,
    redo: redoStep,
    endTyping,
    /** After publishing or unpublishing: the server's answer is the new base of our saves. */
    applyServerMeta: (meta: DocumentRecord['meta']) => {
      setIsPublished(meta.isPublished);
      setBase(meta.updatedAt);
    },
  };
}
