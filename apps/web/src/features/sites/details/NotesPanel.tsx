import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Spin, Typography } from 'antd';
import { SITE_RECORD_LIMITS, siteMessages } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../platform/session/hooks';
import { addNote, editNote, fetchNotes, siteQueryKeys } from './api';

const longEnough = (text: string) => text.trim().length >= SITE_RECORD_LIMITS.noteMin;

/** Spec 01 §5 notes: saved only when longer than 2 characters; only the author may edit one. */
export function NotesPanel({ siteId, canWrite }: { siteId: string; canWrite: boolean }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const notes = useQuery({
    queryKey: siteQueryKeys.notes(siteId),
    queryFn: ({ signal }) => fetchNotes(siteId, signal),
  });
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['site', siteId] });
  const onError = (error: unknown) =>
    void message.error(error instanceof ApiError ? error.message : 'Request failed');
  const add = useMutation({
    mutationFn: () => addNote(siteId, draft),
    onSuccess: () => {
      setDraft('');
      void refresh();
    },
    onError,
  });
  const save = useMutation({
    mutationFn: (note: { id: string; text: string }) => editNote(siteId, note.id, note.text),
    onSuccess: () => {
      setEditing(null);
      void refresh();
    },
    onError,
  });
  const tooShort = draft.length > 0 && !longEnough(draft);
  return (
    <section className="notes-panel" aria-label="Notes">
      {canWrite && (
        <div className="notes-panel__new">
          <Input.TextArea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Add a note"
            aria-label="New note"
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={SITE_RECORD_LIMITS.noteMax}
            status={tooShort ? 'error' : undefined}
          />
          {tooShort && <Typography.Text type="danger">{siteMessages.noteTooShort}</Typography.Text>}
          <Button
            type="primary"
            onClick={() => add.mutate()}
            disabled={!longEnough(draft)}
            loading={add.isPending}
          >
            Add note
          </Button>
        </div>
      )}
      {notes.isPending ? (
        <Spin />
      ) : (
        <ol className="notes-list">
          {(notes.data?.notes ?? []).map((note) => (
            <li key={note.id} className="note">
              <div className="note__meta">
                <strong>{note.user_name}</strong>{' '}
                <time dateTime={note.date}>{new Date(note.date).toLocaleDateString('en-GB')}</time>
                {note.edited_at && <span> (edited)</span>}
              </div>
              {editing?.id === note.id ? (
                <div className="note__editor">
                  <Input.TextArea
                    value={editing.text}
                    onChange={(event) => setEditing({ id: note.id, text: event.target.value })}
                    aria-label="Edit note"
                    autoSize={{ minRows: 2, maxRows: 5 }}
                  />
                  <Button
                    size="small"
                    type="primary"
                    disabled={!longEnough(editing.text)}
                    onClick={() => save.mutate(editing)}
                  >
                    Save note
                  </Button>
                  <Button size="small" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <p className="note__text">{note.note_content}</p>
              )}
              {canWrite && user && note.user_id === user.id && editing?.id !== note.id && (
                <Button
                  size="small"
                  type="link"
                  onClick={() => setEditing({ id: note.id, text: note.note_content })}
                >
                  Edit note
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
