import { useEffect, useId, useRef } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { RichTextToolbar } from '../../components/rich-text/RichTextToolbar';

/**
 * Headed prose: headings, paragraphs, emphasis, lists and links, as the server keeps them (a
 * privacy policy's text and a call for sites' guidance are sanitised against the same list).
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true },
  }),
];

type PolicyEditorProps = {
  label: string;
  /** HTML as last saved; a new value from outside (a reload) replaces what is shown. */
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
};

export function PolicyEditor({ label, value, onChange, describedBy }: PolicyEditorProps) {
  const labelId = useId();
  const reported = useRef(value);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'rich-text__content policy-text',
        style: 'min-height: 320px',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      reported.current = html;
      changed.current(html);
    },
  });
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className="policy-editor">
      <div id={labelId} className="visually-hidden">
        {label}
      </div>
      {editor && (
        <RichTextToolbar
          editor={editor}
          label={label}
          tools={['bold', 'italic', 'underline', 'heading', 'bulletList', 'orderedList']}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
