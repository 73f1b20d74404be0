import { useId, useState } from 'react';
import { Button, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { colorProblem, expressionOperator, type LayerField } from '@planning/shared';
import { fieldChoiceLabel } from '../fieldLabel';
import { swatchOf } from '../style/layerStyleForm';
import {
  addChild,
  canAddChild,
  canRemoveChild,
  childRoles,
  describeExpression,
  draftFilter,
  jsonOf,
  kindsFor,
  newExpression,
  nodeKindLabels,
  nodeOfKind,
  operatorsFor,
  removeChild,
  ROOT_ROLE,
  treeOfJson,
  updateAt,
  withOperator,
  type ChildRole,
  type ExpressionNode,
  type FilterDraft,
  type FilterNode,
  type NodeKind,
} from './filterTree';

type Change = (path: readonly number[], change: (node: FilterNode) => FilterNode) => void;
type Context = { columns: readonly LayerField[]; names: readonly string[]; change: Change };

/**
 * The visual filter builder (spec 03 §5): which features a layer draws. Each node picks an
 * operator from the shared table; its children are typed slots — an expression, a feature
 * property (one of the layer's columns) or a literal. Variadic operators add and remove children
 * within their minimum. The spec's messages show live; the JSON toggle edits the raw expression
 * and brings it back into the tree when the builder can show it.
 */
export function FilterBuilder({
  draft,
  columns,
  onChange,
}: {
  draft: FilterDraft;
  columns: readonly LayerField[];
  onChange: (draft: FilterDraft) => void;
}) {
  const statusId = useId();
  const [switchProblem, setSwitchProblem] = useState<string | null>(null);
  const names = columns.map((column) => column.name);
  const { expression, problem } = draftFilter(draft);

  const handleMode = (mode: FilterDraft['mode']) => {
    if (mode === draft.mode) return;
    if (mode === 'json' && draft.mode === 'builder') {
      setSwitchProblem(null);
      onChange({ mode: 'json', text: jsonOf(draft.tree) });
      return;
    }
    if (draft.mode !== 'json') return;
    const answer = treeOfJson(draft.text);
    if ('problem' in answer) {
      setSwitchProblem(answer.problem);
      return;
    }
    setSwitchProblem(null);
    onChange({ mode: 'builder', tree: answer.tree });
  };

  const tree = draft.mode === 'builder' ? draft.tree : null;
  const change: Change = (path, update) => {
    if (tree) onChange({ mode: 'builder', tree: updateAt(tree, path, update) });
  };

  return (
    <div className="filter-builder">
      <Space className="filter-builder__bar" wrap>
        <Radio.Group
          aria-label="Edit the filter with"
          optionType="button"
          size="small"
          value={draft.mode}
          onChange={(event) => handleMode(event.target.value as FilterDraft['mode'])}
          options={[
            { value: 'builder', label: 'Builder' },
            { value: 'json', label: 'JSON' },
          ]}
        />
        {draft.mode === 'builder' && tree && (
          <Button size="small" onClick={() => onChange({ mode: 'builder', tree: null })}>
            Remove the filter
          </Button>
        )}
      </Space>
      {draft.mode === 'json' ? (
        <>
          <Input.TextArea
            aria-label="Filter expression (JSON)"
            aria-describedby={statusId}
            className="filter-builder__json"
            autoSize={{ minRows: 2, maxRows: 12 }}
            spellCheck={false}
            value={draft.text}
            placeholder='["==", ["get", "zone"], "Flood Zone 3"]'
            onChange={(event) => {
              setSwitchProblem(null);
              onChange({ mode: 'json', text: event.target.value });
            }}
          />
          {switchProblem && switchProblem !== problem && (
            <Typography.Text type="danger" className="filter-builder__problem">
              {switchProblem}
            </Typography.Text>
          )}
        </>
      ) : tree?.kind === 'expression' ? (
        <NodeEditor
          node={tree}
          role={ROOT_ROLE}
          path={[]}
          pathLabel={ROOT_ROLE.name}
          context={{ columns, names, change }}
        />
      ) : (
        <Space className="filter-builder__empty" wrap>
          <Typography.Text>No filter: every feature is drawn.</Typography.Text>
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => onChange({ mode: 'builder', tree: newExpression('==', names) })}
          >
            Add a filter
          </Button>
        </Space>
      )}
      <div id={statusId} className="filter-builder__status" aria-live="polite">
        {problem ? (
          <Typography.Text type="danger" className="filter-builder__problem">
            {problem}
          </Typography.Text>
        ) : expression !== null ? (
          <Typography.Text type="secondary">
            Draws the features where {describeExpression(expression)}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
}

/** An operator and its children. */
function NodeEditor({
  node,
  role,
  path,
  pathLabel,
  context,
}: {
  node: ExpressionNode;
  role: ChildRole;
  path: readonly number[];
  pathLabel: string;
  context: Context;
}) {
  const { change, names } = context;
  const offered = operatorsFor(role);
  const current = expressionOperator(node.operator);
  const options = (current && !offered.includes(current) ? [current, ...offered] : offered).map(
    (operator) => ({
      value: operator.name,
      label: `${operator.name} (${operator.label})`,
    }),
  );
  const roles = current ? childRoles(current, node.children.length) : [];
  const branches = current?.children.kind === 'branches';
  return (
    <div
      className="filter-node"
      role="group"
      aria-label={pathLabel === ROOT_ROLE.name ? 'The filter' : pathLabel}
    >
      <Select
        className="filter-node__operator"
        aria-label={`Operator of ${pathLabel}`}
        size="small"
        showSearch
        popupMatchSelectWidth={false}
        value={node.operator}
        options={options}
        onChange={(name: string) =>
          change(path, (old) => (old.kind === 'expression' ? withOperator(old, name, names) : old))
        }
      />
      <ol className="filter-node__children">
        {node.children.map((child, index) => {
          const childRole = roles[index] ?? { ...ROOT_ROLE, slot: ['value'], name: `value ${index + 1}` };
          const label = path.length === 0 ? childRole.name : `${childRole.name} of ${pathLabel}`;
          return (
            <li key={index} className="filter-node__child">
              <ChildEditor
                node={child}
                role={childRole}
                path={[...path, index]}
                pathLabel={label}
                context={context}
                removable={canRemoveChild(node, index)}
                onRemove={() =>
                  change(path, (old) => (old.kind === 'expression' ? removeChild(old, index) : old))
                }
              />
            </li>
          );
        })}
      </ol>
      {canAddChild(node) && (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined aria-hidden />}
          aria-label={`Add a ${branches ? 'branch' : 'value'} to ${pathLabel}`}
          onClick={() => change(path, (old) => (old.kind === 'expression' ? addChild(old, names) : old))}
        >
          {branches ? 'Add a branch' : 'Add a value'}
        </Button>
      )}
    </div>
  );
}

/** One child's slot: what kind it is, then its editor; a nested expression below. */
function ChildEditor({
  node,
  role,
  path,
  pathLabel,
  context,
  removable,
  onRemove,
}: {
  node: FilterNode;
  role: ChildRole;
  path: readonly number[];
  pathLabel: string;
  context: Context;
  removable: boolean;
  onRemove: () => void;
}) {
  const { change, names } = context;
  const kinds = kindsFor(role);
  const kindOptions = (kinds.includes(node.kind) ? kinds : [node.kind, ...kinds]).map((kind: NodeKind) => ({
    value: kind,
    label: role.propertyName && kind === 'text' ? 'Column' : nodeKindLabels[kind],
  }));
  return (
    <div className="filter-child">
      <Space wrap size={6} align="start">
        <span className="filter-child__name">{role.name}</span>
        <Select
          className="filter-child__kind"
          aria-label={`Kind of ${pathLabel}`}
          size="small"
          popupMatchSelectWidth={false}
          value={node.kind}
          options={kindOptions}
          onChange={(kind: NodeKind) => change(path, () => nodeOfKind(kind, role, names))}
        />
        {node.kind !== 'expression' && (
          <LeafEditor node={node} role={role} pathLabel={pathLabel} context={context} path={path} />
        )}
        {removable && (
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Remove ${pathLabel}`}
            onClick={onRemove}
          />
        )}
      </Space>
      {node.kind === 'expression' && (
        <NodeEditor node={node} role={role} path={path} pathLabel={pathLabel} context={context} />
      )}
    </div>
  );
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** One of the layer's columns, by its label and name; a name typed as JSON that it lacks is kept. */
function ColumnSelect({
  columns,
  value,
  label,
  onChange,
}: {
  columns: readonly LayerField[];
  value: string;
  label: string;
  onChange: (name: string) => void;
}) {
  const options = columns.map((column) => ({ value: column.name, label: fieldChoiceLabel(column) }));
  if (value && !columns.some((column) => column.name === value)) options.unshift({ value, label: value });
  return (
    <Select
      className="filter-child__column"
      aria-label={label}
      size="small"
      showSearch
      popupMatchSelectWidth={false}
      value={value || undefined}
      placeholder="Column"
      options={options}
      onChange={onChange}
    />
  );
}

function LeafEditor({
  node,
  role,
  path,
  pathLabel,
  context,
}: {
  node: Exclude<FilterNode, ExpressionNode>;
  role: ChildRole;
  path: readonly number[];
  pathLabel: string;
  context: Context;
}) {
  const problemId = useId();
  const { change, columns } = context;
  const set = (next: FilterNode) => change(path, () => next);
  const column = (value: string, onPick: (name: string) => void) => (
    <ColumnSelect columns={columns} value={value} label={`Column of ${pathLabel}`} onChange={onPick} />
  );
  switch (node.kind) {
    case 'property':
      return column(node.name, (name) => set({ kind: 'property', name }));
    case 'text':
      return role.propertyName ? (
        column(node.value, (value) => set({ kind: 'text', value }))
      ) : (
        <Input
          className="filter-child__text"
          aria-label={`Text of ${pathLabel}`}
          size="small"
          value={node.value}
          maxLength={500}
          onChange={(event) => set({ kind: 'text', value: event.target.value })}
        />
      );
    case 'number':
      return (
        <InputNumber
          aria-label={`Number of ${pathLabel}`}
          size="small"
          value={node.value}
          onChange={(value) => set({ kind: 'number', value: typeof value === 'number' ? value : null })}
        />
      );
    case 'boolean':
      return (
        <Switch
          aria-label={`True or false: ${pathLabel}`}
          size="small"
          checked={node.value}
          checkedChildren="true"
          unCheckedChildren="false"
          onChange={(value) => set({ kind: 'boolean', value })}
        />
      );
    case 'colour': {
      const problem = colorProblem(node.value);
      return (
        <span className="filter-child__colour">
          <span
            className="colour-input__swatch"
            style={{ background: swatchOf(node.value) }}
            aria-hidden="true"
          />
          <Input
            aria-label={`Colour of ${pathLabel}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            status={problem ? 'error' : undefined}
            size="small"
            value={node.value}
            maxLength={64}
            onChange={(event) => set({ kind: 'colour', value: event.target.value })}
          />
          {problem && (
            <Typography.Text id={problemId} type="danger" className="filter-child__problem">
              {problem}
            </Typography.Text>
          )}
        </span>
      );
    }
    case 'list':
      return (
        <Select
          className="filter-child__list"
          aria-label={`List of ${pathLabel}`}
          size="small"
          mode="tags"
          tokenSeparators={[',']}
          open={false}
          placeholder="Values, then Enter"
          value={node.values.map(String)}
          onChange={(values: string[]) =>
            set({
              kind: 'list',
              values: values.map((value) => (NUMBER_TEXT.test(value) ? Number(value) : value)),
            })
          }
        />
      );
  }
}
