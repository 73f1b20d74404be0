import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';

type SortableListProps = {
  ids: string[];
  /** What each item is called, for the screen reader's announcements. */
  nameOf: (id: string) => string;
  onMove: (id: string, toIndex: number) => void;
  children: ReactNode;
};

/**
 * A vertical list reordered by dragging a handle, or from the keyboard: Space picks the item up,
 * the arrows move it and Space drops it (dnd-kit's keyboard sensor); Alt+Up and Alt+Down move it
 * one place at once.
 */
export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: unknown) => `${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(String(active.id))}, position ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(String(active.id))} is over position ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(String(active.id))} was dropped at position ${position(over.id)}.`
        : `${nameOf(String(active.id))} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(String(active.id))} was cancelled.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this item, press Space, then the up and down arrows, then Space again to drop it. Escape cancels. Alt with an arrow moves it one place.',
        },
      }}
      onDragEnd={({ active, over }) => {
        if (over && active.id !== over.id) onMove(String(active.id), ids.indexOf(String(over.id)));
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * One sortable item: its element's ref and style, and the props of its drag handle. `disabled` may
 * stop it being dragged, or being a place to drop on (the section tree's other levels).
 */
export function useSortableItem(
  id: string,
  onMoveBy: (delta: number) => void,
  disabled: boolean | { draggable?: boolean; droppable?: boolean } = false,
) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : undefined,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      onMoveBy(event.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    (listeners?.onKeyDown as ((event: KeyboardEvent<HTMLElement>) => void) | undefined)?.(event);
  };
  return {
    setNodeRef,
    style,
    isDragging,
    handleProps: { ...attributes, ...listeners, onKeyDown, ref: setActivatorNodeRef },
  };
}

type DragHandleProps = ReturnType<typeof useSortableItem>['handleProps'] & {
  label: string;
  disabled?: boolean;
};

export function DragHandle({ label, disabled, ...props }: DragHandleProps) {
  if (disabled) return null;
  return (
    <button type="button" className="builder-handle" aria-label={label} {...props}>
      <HolderOutlined aria-hidden />
    </button>
  );
}
