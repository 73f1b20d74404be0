import { useEffect, useId, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { SAFE_LINK, documentMessages, type RichText, type RichTextNode } from '@planning/shared';

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
  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      heading: current.isActive('heading', { level: 3 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  // Undo and redo of the whole document change the value from outside: show it.
  useEffect(() => {
    if (!editor || value === undefined) return;
    const now = editor.getJSON();
    const same = typeof value === 'string' ? false : JSON.stringify(now) === JSON.stringify(value);
    if (!same && !editor.isFocused) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => editor?.setEditable(!readOnly, false), [editor, readOnly]);

  const button = (name: string, pressed: boolean, run: () => void, text: string) => (
    <Tooltip title={name}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'default'}
        aria-label={name}
        aria-pressed={pressed}
        disabled={readOnly}
        onClick={run}
      >
        {text}
      </Button>
    </Tooltip>
  );

  return (
    <div className="rich-text">
      <div id={labelId} className="rich-text__label">
        {label}
      </div>
      {editor && (
        <Space size={4} wrap className="rich-text__toolbar" role="toolbar" aria-label={`${label} formatting`}>
          {button('Bold', marks?.bold ?? false, () => editor.chain().focus().toggleBold().run(), 'B')}
          {button('Italic', marks?.italic ?? false, () => editor.chain().focus().toggleItalic().run(), 'I')}
          {button(
            'Underline',
            marks?.underline ?? false,
            () => editor.chain().focus().toggleUnderline().run(),
            'U',
          )}
          {button(
            'Heading',
            marks?.heading ?? false,
            () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
            'H',
          )}
          {button(
            'Bulleted list',
            marks?.bullets ?? false,
            () => editor.chain().focus().toggleBulletList().run(),
            '•',
          )}
          {button(
            'Numbered list',
            marks?.numbers ?? false,
            () => editor.chain().focus().toggleOrderedList().run(),
            '1.',
          )}
          <LinkButton
            active={marks?.link ?? false}
            href={marks?.href ?? ''}
            disabled={readOnly}
            onApply={(href) => editor.chain().focus().extendMarkRange('link').setLink({ href }).run()}
            onRemove={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
          />
        </Space>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

type LinkButtonProps = {
  active: boolean;
  href: string;
  disabled: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
};

/** Spec 02 §5 "Only links with a URL are applied in the editor": an empty or unsafe address is refused. */
function LinkButton({ active, href, disabled, onApply, onRemove }: LinkButtonProps) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const apply = () => {
    const trimmed = url.trim();
    if (trimmed === '') return setError('Enter the link’s address');
    if (!SAFE_LINK.test(trimmed)) return setError(documentMessages.unsafeUrl);
    onApply(trimmed);
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setUrl(href);
          setError(null);
        }
      }}
      trigger="click"
      content={
        <div className="rich-text__link-form">
          <label htmlFor={inputId}>Link address</label>
          <Input
            id={inputId}
            value={url}
            autoFocus
            placeholder="https://"
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setUrl(event.target.value)}
            onPressEnter={apply}
          />
          {error && (
            <div id={`${inputId}-error`} role="alert" className="builder-problem">
              {error}
            </div>
          )}
          <Space style={{ marginTop: 8 }}>
            <Button type="primary" size="small" onClick={apply}>
              Apply link
            </Button>
            {active && (
              <Button
                size="small"
                onClick={() => {
                  onRemove();
                  setOpen(false);
                }}
              >
                Remove link
              </Button>
            )}
          </Space>
        </div>
      }
    >
      <Button size="small" type={active ? 'primary' : 'default'} aria-pressed={active} disabled={disabled}>
        Link
      </Button>
    </Popover>
  );
}
