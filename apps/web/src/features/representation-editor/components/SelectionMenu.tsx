import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Editor } from '@tiptap/react';
import { Button } from 'antd';
import {
  ApartmentOutlined,
  EnvironmentOutlined,
  EyeInvisibleOutlined,
  PushpinOutlined,
  TagOutlined,
} from '@ant-design/icons';

/** Spec 02 §9 "Debounces: floating menu 500 ms": the menu shows once a selection has rested. */
export const FLOATING_MENU_DELAY_MS = 500;

export type MenuAction = 'redact' | 'tag' | 'map' | 'subRepresentation' | 'site';

const actions: { action: MenuAction; label: string; icon: React.ReactNode }[] = [
  { action: 'redact', label: 'Redact', icon: <EyeInvisibleOutlined /> },
  { action: 'tag', label: 'Tag', icon: <TagOutlined /> },
  { action: 'map', label: 'Map', icon: <EnvironmentOutlined /> },
  { action: 'subRepresentation', label: 'Create sub rep', icon: <ApartmentOutlined /> },
  { action: 'site', label: 'Select placemaker site', icon: <PushpinOutlined /> },
];

type Anchor = { top: number; left: number };

/** Where a floating piece goes over the text: above the range, or below it near the top. */
export function anchorOver(
  editor: Editor,
  wrapper: HTMLElement,
  from: number,
  to: number,
  height = 40,
): Anchor {
  const box = wrapper.getBoundingClientRect();
  const start = editor.view.coordsAtPos(from);
  const end = editor.view.coordsAtPos(to);
  const above = start.top - box.top - height - 8;
  const top = above >= 0 ? above : end.bottom - box.top + 8;
  const left = Math.max(0, Math.min(start.left - box.left, box.width - 560));
  return { top, left };
}

type SelectionMenuProps = {
  editor: Editor;
  wrapper: RefObject<HTMLDivElement | null>;
  enabled: boolean;
  busy: MenuAction | null;
  onAction: (action: MenuAction, range: { from: number; to: number }) => void;
};

/**
 * The floating menu (spec 02 §2): over a selection of text, 500 ms after it last changed, with
 * the five actions. It sits after the text in the page, so Tab from the text reaches it.
 */
export function SelectionMenu({ editor, wrapper, enabled, busy, onAction }: SelectionMenuProps) {
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const range = useRef<{ from: number; to: number } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const update = () => {
      window.clearTimeout(timer);
      const { from, to, empty } = editor.state.selection;
      setAnchor(null);
      if (empty || !wrapper.current) return;
      timer = window.setTimeout(() => {
        if (editor.isDestroyed || !wrapper.current) return;
        const now = editor.state.selection;
        if (now.empty || now.from !== from || now.to !== to) return;
        range.current = { from, to };
        setAnchor(anchorOver(editor, wrapper.current, from, to));
      }, FLOATING_MENU_DELAY_MS);
    };
    editor.on('selectionUpdate', update);
    return () => {
      window.clearTimeout(timer);
      editor.off('selectionUpdate', update);
      setAnchor(null);
    };
  }, [editor, wrapper, enabled]);

  if (!enabled || (!anchor && !busy)) return null;
  return (
    <div
      className="rep-floating rep-floating--menu"
      role="toolbar"
      aria-label="Selected text"
      style={anchor ? { top: anchor.top, left: anchor.left } : { display: 'none' }}
      // Pressing a button keeps the text selected.
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setAnchor(null);
          editor.commands.focus();
        }
      }}
    >
      {actions.map(({ action, label, icon }) => (
        <Button
          key={action}
          size="small"
          type="text"
          icon={icon}
          loading={busy === action}
          onClick={() => {
            const selected = range.current;
            if (!selected) return;
            if (action !== 'subRepresentation') setAnchor(null);
            onAction(action, selected);
          }}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
