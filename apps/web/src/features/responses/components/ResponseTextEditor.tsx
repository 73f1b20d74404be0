import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { REPRESENTATION_LIMITS, SAFE_LINK, documentMessages, htmlPlainText } from '@planning/shared';

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
  class: 'response-text__content',
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
  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  useEffect(() => {
    if (!editor || value === undefined || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    setLength(htmlPlainText(value).length);
  }, [editor, value]);

  useEffect(() => editor?.setEditable(!readOnly, false), [editor, readOnly]);

  const over = length > REPRESENTATION_LIMITS.responseContentMax;
  const button = (name: string, pressed: boolean, run: () => void, icon: ReactNode) => (
    <Tooltip title={name}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'default'}
        aria-label={name}
        aria-pressed={pressed}
        disabled={readOnly}
        icon={icon}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div className={`response-text${error ? ' has-error' : ''}`}>
      <div id={labelId} className="response-text__label">
        {label}
      </div>
      {editor && (
        <Space
          size={4}
          wrap
          className="response-text__toolbar"
          role="toolbar"
          aria-label={`${label} formatting`}
        >
          {button(
            'Bold',
            marks?.bold ?? false,
            () => editor.chain().focus().toggleBold().run(),
            <BoldOutlined />,
          )}
          {button(
            'Italic',
            marks?.italic ?? false,
            () => editor.chain().focus().toggleItalic().run(),
            <ItalicOutlined />,
          )}
          {button(
            'Bulleted list',
            marks?.bullets ?? false,
            () => editor.chain().focus().toggleBulletList().run(),
            <UnorderedListOutlined />,
          )}
          {button(
            'Numbered list',
            marks?.numbers ?? false,
            () => editor.chain().focus().toggleOrderedList().run(),
            <OrderedListOutlined />,
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
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const apply = () => {
    const trimmed = url.trim();
    if (trimmed === '') return setProblem('Enter the link’s address');
    if (!SAFE_LINK.test(trimmed)) return setProblem(documentMessages.unsafeUrl);
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
          setProblem(null);
        }
      }}
      trigger="click"
      content={
        <div className="response-text__link-form">
          <label htmlFor={inputId}>Link address</label>
          <Input
            id={inputId}
            value={url}
            autoFocus
            placeholder="https://"
            status={problem ? 'error' : undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-error` : undefined}
            onChange={(event) => setUrl(event.target.value)}
            onPressEnter={apply}
          />
          {problem && (
            <div id={`${inputId}-error`} role="alert" className="response-text__error">
              {problem}
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
