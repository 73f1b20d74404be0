import { Button, Dropdown, Empty, Popconfirm, Space, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { DocumentConfig, DocumentEntity, RichText, RichTextNode } from '@planning/shared';
import { blockLabel, blockTypes, childBlocks, descendants, type BlockType } from '../configOps';
import type { DraftProblem } from '../draft';
import { DragHandle, SortableList, useSortableItem } from './Sortable';

type BlockListProps = {
  config: DocumentConfig;
  sectionId: string;
  selectedId: string | null;
  problems: readonly DraftProblem[];
  readOnly: boolean;
  onSelect: (id: string) => void;
  onAdd: (type: BlockType) => void;
  onInsertTemplate: () => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  onSaveAsTemplate: (id: string) => void;
  onMove: (id: string, toIndex: number) => void;
  onMoveBy: (id: string, delta: number) => void;
};

/** The selected section's blocks in reading order, with the add-block menu. */
export function BlockList(props: BlockListProps) {
  const { config, sectionId, readOnly, onAdd, onInsertTemplate, onMove } = props;
  const ids = childBlocks(config, sectionId);
  return (
    <section className="builder-blocks" aria-label="Blocks">
      {ids.length === 0 ? (
        <Empty description="No blocks in this section yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <SortableList ids={ids} nameOf={(id) => nameOf(config.entities[id])} onMove={onMove}>
          <ol className="builder-blocks__list">
            {ids.map((id) => (
              <BlockRow key={id} {...props} id={id} />
            ))}
          </ol>
        </SortableList>
      )}
      {!readOnly && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...blockTypes.map(({ type, label }) => ({ key: type, label })),
              { type: 'divider' as const },
              { key: 'template', label: 'From a block template…' },
            ],
            onClick: ({ key }) => (key === 'template' ? onInsertTemplate() : onAdd(key as BlockType)),
          }}
        >
          <Button type="dashed" icon={<PlusOutlined />} block className="builder-blocks__add">
            Add block
          </Button>
        </Dropdown>
      )}
    </section>
  );
}

function BlockRow(props: BlockListProps & { id: string }) {
  const {
    config,
    id,
    selectedId,
    problems,
    readOnly,
    onSelect,
    onDuplicate,
    onDelete,
    onSaveAsTemplate,
    onMoveBy,
  } = props;
  const entity = config.entities[id]!;
  const { setNodeRef, style, handleProps } = useSortableItem(id, (delta) => onMoveBy(id, delta), readOnly);
  const held = new Set(descendants(config, id));
  const mine = problems.filter((problem) => problem.entityId !== null && held.has(problem.entityId));
  const name = nameOf(entity);
  const selected = selectedId === id;
  return (
    <li ref={setNodeRef} style={style} className={`builder-block${selected ? ' is-selected' : ''}`}>
      <DragHandle {...handleProps} label={`Move ${name}`} disabled={readOnly} />
      <button
        type="button"
        className="builder-block__body"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(id)}
      >
        <span className="builder-block__type">{blockLabel(entity.type)}</span>
        <span className="builder-block__summary">{summaryOf(entity) || '—'}</span>
        {mine.length > 0 && (
          <span className="builder-problem">{mine.map((problem) => problem.message).join('; ')}</span>
        )}
      </button>
      {!readOnly && (
        <Space size={0} className="builder-block__actions">
          <Tooltip title="Duplicate">
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={`Duplicate ${name}`}
              onClick={() => onDuplicate(id)}
            />
          </Tooltip>
          <Tooltip title="Save as block template">
            <Button
              type="text"
              size="small"
              icon={<SaveOutlined />}
              aria-label={`Save ${name} as a block template`}
              onClick={() => onSaveAsTemplate(id)}
            />
          </Tooltip>
          <Popconfirm
            title={`Delete this ${blockLabel(entity.type).toLowerCase()} block?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(id)}
          >
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} />
          </Popconfirm>
        </Space>
      )}
    </li>
  );
}

const nameOf = (entity: DocumentEntity | undefined) =>
  entity
    ? `${blockLabel(entity.type)} block${summaryOf(entity) ? ` ${summaryOf(entity).slice(0, 40)}` : ''}`
    : 'block';

/** A line of what a block holds, for the list. */
export function summaryOf(entity: DocumentEntity): string {
  switch (entity.type) {
    case 'textBlock':
      return plainText(entity.content).slice(0, 120);
    case 'image':
      return entity.alt || entity.src;
    case 'video':
      return entity.title || entity.url;
    case 'table':
      return `${entity.header.length} columns, ${entity.rows.length} rows`;
    case 'chart':
      return `${entity.chartName} (${entity.chartType})`;
    case 'map':
      return entity.caption || `${entity.sites.ids?.length ?? 0} sites, ${entity.layerIds.length} layers`;
    case 'link':
      return `${entity.title} ${entity.url}`.trim();
    case 'poll':
    case 'question':
      return entity.question.title;
    case 'tagTopic':
      return [entity.title, entity.tags.join(', ')].filter(Boolean).join(': ');
    case 'divider':
      return '';
    default:
      return 'title' in entity ? (entity.title ?? '') : '';
  }
}

export function plainText(value: RichText | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string')
    return value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const walk = (node: RichTextNode): string => (node.text ?? '') + (node.content ?? []).map(walk).join(' ');
  return walk(value).replace(/\s+/g, ' ').trim();
}
