import { useId, useState, type ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { SAFE_LINK, documentMessages } from '@planning/shared';
import './richText.css';

export type RichTextTool = 'bold' | 'italic' | 'underline' | 'heading' | 'bulletList' | 'orderedList';

type Tool = {
  name: string;
  icon: ReactNode;
  isOn: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

/**
 * Each button's name is its accessible name and its tooltip; what it shows is an icon, or a letter
 * the name begins with (a glyph outside the name, such as '1.' for 'Numbered list', fails WCAG's
 * label in name).
 */
const TOOLS: Record<RichTextTool, Tool> = {
  bold: {
    name: 'Bold',
    icon: <BoldOutlined />,
    isOn: (editor) => editor.isActive('bold'),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  italic: {
    name: 'Italic',
    icon: <ItalicOutlined />,
    isOn: (editor) => editor.isActive('italic'),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  underline: {
    name: 'Underline',
    icon: <UnderlineOutlined />,
    isOn: (editor) => editor.isActive('underline'),
    run: (editor) => editor.chain().focus().toggleUnderline().run(),
  },
  heading: {
    name: 'Heading',
    icon: 'H',
    isOn: (editor) => editor.isActive('heading', { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  bulletList: {
    name: 'Bulleted list',
    icon: <UnorderedListOutlined />,
    isOn: (editor) => editor.isActive('bulletList'),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  orderedList: {
    name: 'Numbered list',
    icon: <OrderedListOutlined />,
    isOn: (editor) => editor.isActive('orderedList'),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
};

type RichTextToolbarProps = {
  editor: Editor;
  /** The editor's label: the toolbar is '<label> formatting'. */
  label: string;
  /** The buttons before the link button, in order. */
  tools: readonly RichTextTool[];
  disabled?: boolean;
};

/**
 * A TipTap editor's formatting buttons (each pressed while its mark is on) and its link button.
 * Give the editable area the class 'rich-text__content' for its frame and focus ring.
 */
export function RichTextToolbar({ editor, label, tools, disabled = false }: RichTextToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      on: tools.map((tool) => TOOLS[tool].isOn(current)),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  return (
    <Space size={4} wrap className="rich-text__toolbar" role="toolbar" aria-label={`${label} formatting`}>
      {tools.map((id, index) => {
        const tool = TOOLS[id];
        const pressed = state.on[index] ?? false;
        return (
          <Tooltip key={id} title={tool.name}>
            <Button
              size="small"
              type={pressed ? 'primary' : 'default'}
              aria-label={tool.name}
              aria-pressed={pressed}
              disabled={disabled}
              icon={tool.icon}
              // A pointer press leaves the focus (and the caret) in the text: otherwise TipTap puts
              // it back only on the next animation frame, and keys typed at once went to the button.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => tool.run(editor)}
            />
          </Tooltip>
        );
      })}
      <LinkButton
        active={state.link}
        href={state.href}
        disabled={disabled}
        onApply={(href) => editor.chain().focus().extendMarkRange('link').setLink({ href }).run()}
        onRemove={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
      />
    </Space>
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
        <div className="rich-text__link-form">
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
            <div id={`${inputId}-error`} role="alert" className="rich-text__problem">
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
