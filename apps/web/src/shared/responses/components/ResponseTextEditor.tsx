import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { REPRESENTATION_LIMITS, htmlPlainText } from '@planning/shared';
import { RichTextToolbar } from '../../../components/rich-text/RichTextToolbar';

type ResponseTextEditorProps = {
  /** HTML, as the server keeps a response's text. */
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  /** The field's error, shown under it and tied to the editor for screen readers. */
  error?: string | null;
  readOnly?: boolean;
};

/**
 * The server keeps a letter's formatting only (apps/server/src/modules/responses/responses.sanitise.ts):
 * paragraphs, bold, italic, lists, links. Headings, code and rules are off, so what is typed or
 * pasted here is what is saved.
 */
const extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: false },
  }),
];

const EMPTY = '<p></p>';

/** The editable area's attributes: named by its label, described by its count and its error. */
const attributesOf = (labelId: string, describedBy: string, invalid: boolean): Record<string, string> => ({
  'aria-labelledby': labelId,
  'aria-describedby': describedBy,
  'aria-multiline': 'true',
  ...(invalid ? { 'aria-invalid': 'true' } : {}),
  role: 'textbox',
  class: 'rich-text__content response-text__content',
});

/** The response's text: a TipTap editor with bold, italic, lists and links, and its count 'n / 8000'. */
export function ResponseTextEditor({
  value,
  onChange,
  label,
  error,
  readOnly = false,
}: ResponseTextEditorProps) {
  const labelId = useId();
  const countId = useId();
  const errorId = useId();
  // The HTML this editor last reported: any other value comes from outside (a template) and is shown.
  const reported = useRef(value ?? EMPTY);
  const [length, setLength] = useState(() => htmlPlainText(value ?? '').length);
  // TipTap registers onUpdate once: it calls the latest onChange through this.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions,
    content: value ?? '',
    editable: !readOnly,
    // Applied again whenever they change (useEditor compares its options on every render).
    editorProps: {
      attributes: attributesOf(labelId, error ? `${countId} ${errorId}` : countId, Boolean(error)),
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      reported.current = html;
      setLength(htmlPlainText(html).length);
      changed.current?.(html);
    },
  });
  useEffect(() => {
    if (!editor || value === undefined || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    setLength(htmlPlainText(value).length);
  }, [editor, value]);

  useEffect(() => editor?.setEditable(!readOnly, false), [editor, readOnly]);

  const over = length > REPRESENTATION_LIMITS.responseContentMax;
  return (
    <div className={`response-text${error ? ' has-error' : ''}`}>
      <div id={labelId} className="response-text__label">
        {label}
      </div>
      {editor && (
        <RichTextToolbar
          editor={editor}
          label={label}
          tools={['bold', 'italic', 'bulletList', 'orderedList']}
          disabled={readOnly}
        />
      )}
      <EditorContent editor={editor} />
      <div className="response-text__footer">
        <div id={errorId} className="response-text__error" role={error ? 'alert' : undefined}>
          {error}
        </div>
        <div id={countId} className={`response-text__count${over ? ' is-over' : ''}`}>
          {length} / {REPRESENTATION_LIMITS.responseContentMax}
          <span className="visually-hidden"> characters</span>
        </div>
      </div>
    </div>
  );
}
