import { useEffect, useId } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { RichText, RichTextNode } from '@planning/shared';
import { RichTextToolbar } from '../../../components/rich-text/RichTextToolbar';

type RichTextEditorProps = {
  /** TipTap JSON, or HTML (a question's text may be HTML). */
  value: RichText | undefined;
  onChange: (value: RichTextNode) => void;
  label: string;
  readOnly?: boolean;
};

/**
 * The server renders rich text with the same StarterKit (code and code blocks off), so what the
 * editor makes is what the public reads (apps/server/src/modules/documents/documents.richtext.ts).
 */
const extensions = [
  StarterKit.configure({ code: false, codeBlock: false, link: { openOnClick: false, autolink: false } }),
];

/** A TipTap editor with a small toolbar: bold, italic, underline, heading, lists and links. */
export function RichTextEditor({ value, onChange, label, readOnly = false }: RichTextEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions,
    content: value ?? '',
    editable: !readOnly,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'rich-text__content',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as RichTextNode),
  });
  // Undo and redo of the whole document change the value from outside: show it.
  useEffect(() => {
    if (!editor || value === undefined) return;
    const now = editor.getJSON();
    const same = typeof value === 'string' ? false : JSON.stringify(now) === JSON.stringify(value);
    if (!same && !editor.isFocused) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => editor?.setEditable(!readOnly, false), [editor, readOnly]);

  return (
    <div className="rich-text">
      <div id={labelId} className="rich-text__label">
        {label}
      </div>
      {editor && (
        <RichTextToolbar
          editor={editor}
          label={label}
          tools={['bold', 'italic', 'underline', 'heading', 'bulletList', 'orderedList']}
          disabled={readOnly}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
