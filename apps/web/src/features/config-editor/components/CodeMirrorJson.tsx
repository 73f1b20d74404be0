import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';

export type JsonMark = { from: number; to: number; message: string };

/** `request` changes with each ask, so the same span can be asked for twice. */
export type RevealRequest = { from: number; to: number; request: number };

/**
 * CodeMirror 6 on a JSON text (this module is its own chunk: the editor loads it when the JSON
 * tab first shows). Controlled: `value` in, `onChange` out; `marks` are the problems the page
 * found for `marksFor` (the text they were computed on), shown as lint marks and in the gutter.
 */
export default function CodeMirrorJson({
  value,
  onChange,
  marks,
  marksFor,
  label,
  readOnly = false,
  reveal,
}: {
  value: string;
  onChange: (text: string) => void;
  marks: readonly JsonMark[];
  marksFor: string;
  label: string;
  readOnly?: boolean;
  /** A span to select, scroll to and focus (a problem chosen in the validation panel). */
  reveal?: RevealRequest | undefined;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The listener is made once: it reads the latest onChange through this ref.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          lintGutter(),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          // An explicit tab stop: axe counts a contenteditable without one as no focusable content of the scroller.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Made once; later values arrive through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A change from outside (the form, a reset, a rollback) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  // Marks found for an older text would point at the wrong characters: only the current text's.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const diagnostics: Diagnostic[] =
      editor.state.doc.toString() === marksFor
        ? marks.map((mark) => {
            const from = Math.min(mark.from, length);
            return {
              from,
              to: Math.max(from, Math.min(mark.to, length)),
              severity: 'error',
              message: mark.message,
            };
          })
        : [];
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [marks, marksFor, value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !reveal) return;
    const length = editor.state.doc.length;
    const from = Math.min(reveal.from, length);
    editor.dispatch({
      selection: { anchor: from, head: Math.min(reveal.to, length) },
      effects: EditorView.scrollIntoView(from, { y: 'center' }),
    });
    editor.focus();
  }, [reveal]);

  return <div ref={host} className="config-json" />;
}
