import { useState } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { DocumentConfig } from '@planning/shared';
import { childSections, parentOf, sectionTargets } from '../configOps';
import { DragHandle, useSortableItem } from './Sortable';

type SectionTreeProps = {
  config: DocumentConfig;
  numbers: Map<string, string>;
  selectedId: string;
  /** Sections with a problem that stops saving. */
  withProblems: Set<string>;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onAddSection: (parentId: string) => void;
  onDelete: (id: string) => void;
  onMove: (id: string, toIndex: number) => void;
  onMoveBy: (id: string, delta: number) => void;
  /** A sub-section dropped on another section's row: it moves into that section. */
  onMoveInto: (id: string, targetId: string) => void;
};

/**
 * What the section being dragged may be dropped on: a place in its own list, and (a sub-section
 * dragged with the pointer) the rows of the sections it may move into. The keyboard moves it
 * within its list only; "Move to section…" is the keyboard's way across.
 */
type DragScope = { id: string; siblings: string[]; targets: Set<string> };

/** A section's row as a place to drop into, beside its place in its list (the section's own id). */
const INTO = 'into:';
const targetOf = (id: UniqueIdentifier): string | null =>
  String(id).startsWith(INTO) ? String(id).slice(INTO.length) : null;

/**
 * The pointer over a section's row drops into that section; anywhere else the dragged section
 * takes the nearest place in its own list. While dragging, only those places and rows are enabled.
 */
const collide: CollisionDetection = (args) => {
  const rows = args.droppableContainers.filter((container) => targetOf(container.id) !== null);
  const intoRow = rows.length > 0 ? pointerWithin({ ...args, droppableContainers: rows }) : [];
  if (intoRow.length > 0) return intoRow;
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((container) => targetOf(container.id) === null),
  });
};

const titleOf = (config: DocumentConfig, id: string) => {
  const entity = config.entities[id];
  const title = entity && 'title' in entity ? entity.title : '';
  return title?.trim() || 'Untitled section';
};

/**
 * The document's sections and sub-sections, numbered as the public page numbers them. Each list
 * is reordered by dragging a handle, or from the keyboard: Space picks a section up, the arrows
 * move it and Space drops it; Alt+Up and Alt+Down move it one place at once. A sub-section dragged
 * onto another section's row moves into that section.
 */
export function SectionTree(props: SectionTreeProps) {
  const { config, selectedId, readOnly, onSelect, onAddSection, onMove, onMoveInto } = props;
  const [scope, setScope] = useState<DragScope | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => titleOf(config, String(id));
  const siblingsOf = (id: string) => childSections(config, parentOf(config, id) ?? config.root);
  const position = (id: UniqueIdentifier) => {
    const siblings = siblingsOf(String(id));
    return `${siblings.indexOf(String(id)) + 1} of ${siblings.length}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${position(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return undefined;
      const target = targetOf(over.id);
      return target
        ? `${nameOf(active.id)} is over ${nameOf(target)}: drop it to move it into that section.`
        : `${nameOf(active.id)} is over position ${position(over.id)}.`;
    },
    onDragEnd: ({ active, over }) => {
      const target = over ? targetOf(over.id) : null;
      if (target) return `${nameOf(active.id)} was moved into ${nameOf(target)}.`;
      return over
        ? `${nameOf(active.id)} was dropped at position ${position(over.id)}.`
        : `${nameOf(active.id)} was dropped.`;
    },
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const dragged = scope ? scope.id : null;
  return (
    <nav className="builder-tree" aria-label="Sections">
      <h2 className="builder-pane__title">Sections</h2>
      <button
        type="button"
        className={`builder-tree__item builder-tree__start${selectedId === config.root ? ' is-selected' : ''}`}
        aria-current={selectedId === config.root ? 'true' : undefined}
        onClick={() => onSelect(config.root)}
      >
        Start of the document
      </button>
      <DndContext
        sensors={sensors}
        collisionDetection={collide}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move this section, press Space, then the up and down arrows, then Space again to drop it. Escape cancels. Alt with an arrow moves it one place. A sub-section moves to another section with Move to section, beside its title.',
          },
        }}
        onDragStart={({ active, activatorEvent }) => {
          const id = String(active.id);
          const siblings = siblingsOf(id);
          const byPointer = !(activatorEvent instanceof KeyboardEvent);
          // A sibling's row is a place in the list, not a section to drop into.
          const targets = byPointer ? sectionTargets(config, id).filter((t) => !siblings.includes(t)) : [];
          setScope({ id, siblings, targets: new Set(targets) });
        }}
        onDragCancel={() => setScope(null)}
        onDragEnd={({ active, over }) => {
          setScope(null);
          if (!scope || !over) return;
          const id = String(active.id);
          const target = targetOf(over.id);
          if (target) {
            if (scope.targets.has(target)) onMoveInto(id, target);
          } else if (over.id !== active.id && scope.siblings.includes(String(over.id)))
            onMove(id, scope.siblings.indexOf(String(over.id)));
        }}
      >
        <SectionLevel {...props} scope={scope} parentId={config.root} depth={0} />
        <DragOverlay dropAnimation={null}>
          {dragged && (
            <div className="builder-tree__row builder-tree__dragged" aria-hidden>
              <HolderOutlined />
              {props.numbers.get(dragged) && (
                <span className="builder-tree__number">{props.numbers.get(dragged)}</span>
              )}
              <span className="builder-tree__name">{titleOf(config, dragged)}</span>
            </div>
          )}
        </DragOverlay>
      </DndContext>
      {!readOnly && (
        <Button
          icon={<PlusOutlined />}
          block
          onClick={() => onAddSection(config.root)}
          style={{ marginTop: 8 }}
        >
          Add section
        </Button>
      )}
    </nav>
  );
}

type LevelProps = SectionTreeProps & { scope: DragScope | null; depth: number };

function SectionLevel(props: LevelProps & { parentId: string }) {
  const { config, parentId } = props;
  const ids = childSections(config, parentId);
  if (ids.length === 0) return null;
  return (
    <SortableContext id={parentId} items={ids} strategy={verticalListSortingStrategy}>
      <ol className="builder-tree__list">
        {ids.map((id) => (
          <SectionRow key={id} {...props} id={id} />
        ))}
      </ol>
    </SortableContext>
  );
}

function SectionRow(props: LevelProps & { id: string }) {
  const {
    config,
    id,
    depth,
    numbers,
    selectedId,
    withProblems,
    readOnly,
    scope,
    onSelect,
    onAddSection,
    onDelete,
    onMoveBy,
  } = props;
  // While a section is dragged, only its own list's places take it (never another level's).
  const { setNodeRef, style, handleProps } = useSortableItem(id, (delta) => onMoveBy(id, delta), {
    draggable: readOnly,
    droppable: scope !== null && !scope.siblings.includes(id),
  });
  const { setNodeRef: setRowRef, isOver } = useDroppable({
    id: `${INTO}${id}`,
    disabled: !scope?.targets.has(id),
  });
  const title = titleOf(config, id);
  const number = numbers.get(id);
  const selected = selectedId === id;
  return (
    <li ref={setNodeRef} style={style} className="builder-tree__entry">
      <div
        ref={setRowRef}
        className={`builder-tree__row${selected ? ' is-selected' : ''}${isOver ? ' is-drop-target' : ''}`}
      >
        <DragHandle {...handleProps} label={`Move section ${title}`} disabled={readOnly} />
        <button
          type="button"
          className="builder-tree__item"
          aria-current={selected ? 'true' : undefined}
          onClick={() => onSelect(id)}
        >
          {number && <span className="builder-tree__number">{number}</span>}
          <span className="builder-tree__name">{title}</span>
          {withProblems.has(id) && (
            <span className="builder-problem-dot" aria-label="has problems" role="img">
              !
            </span>
          )}
        </button>
        {!readOnly && (
          <span className="builder-tree__actions">
            <Tooltip title="Add sub-section">
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                aria-label={`Add sub-section to ${title}`}
                onClick={() => onAddSection(id)}
              />
            </Tooltip>
            <Popconfirm
              title={`Delete ${title}?`}
              description="Its sub-sections and blocks are deleted too."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(id)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete section ${title}`}
              />
            </Popconfirm>
          </span>
        )}
      </div>
      <SectionLevel {...props} parentId={id} depth={depth + 1} />
    </li>
  );
}
