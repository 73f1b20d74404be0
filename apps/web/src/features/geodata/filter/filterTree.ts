import {
  expressionMessages,
  expressionOperator,
  expressionOperatorTable,
  filterExpressionProblem,
  isColorLiteral,
  isMatchLabel,
  operatorSlots,
  slotAccepts,
  type ExpressionOperator,
  type ExpressionSlot,
} from '@planning/shared';

/**
 * The visual filter builder's tree (spec 03 §5): an operator node with its children, or a leaf —
 * a feature property, or a literal. It converts both ways to the MapLibre expression the layer's
 * style stores; which children an operator takes, and of which types, comes from the shared
 * operator table the validator uses.
 */
export type FilterNode =
  | { kind: 'expression'; operator: string; children: FilterNode[] }
  | { kind: 'property'; name: string }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number | null }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'colour'; value: string }
  | { kind: 'list'; values: Array<string | number> };

export type NodeKind = FilterNode['kind'];
export type ExpressionNode = Extract<FilterNode, { kind: 'expression' }>;

export const nodeKindLabels: Record<NodeKind, string> = {
  expression: 'Expression',
  property: 'Property',
  text: 'Text',
  number: 'Number',
  boolean: 'True or false',
  colour: 'Colour',
  list: 'List',
};

export const filterBuilderMessages = {
  /** A JSON expression the tree cannot show (an unknown operator, an object…). */
  notInBuilder: 'The builder cannot show this expression: correct it here first',
} as const;

/** What a child stands for in its operator: its slot and its name on screen. */
export type ChildRole = {
  slot: ExpressionSlot;
  /** A match label: text, a number or a list, written as it is. */
  label: boolean;
  /** The name of a feature property (get, has): the builder offers the layer's columns. */
  propertyName: boolean;
  /** 'value 1', 'condition 2', 'otherwise'… */
  name: string;
  /** For defaults: the first value of a comparison, an output, the fallback. */
  position: 'first' | 'other' | 'output' | 'fallback';
};

const ANY: ExpressionSlot = ['value'];
const BOOL: ExpressionSlot = ['boolean'];

/** The root of a filter: an expression that gives true or false. */
export const ROOT_ROLE: ChildRole = {
  slot: BOOL,
  label: false,
  propertyName: false,
  name: 'the filter',
  position: 'first',
};

/**
 * The roles of an operator's `count` children, from the operator table. A count the operator
 * cannot take (JSON typed by hand) still gets roles, each taking any value: the validator reports
 * the arity.
 */
export function childRoles(operator: ExpressionOperator, count: number): ChildRole[] {
  const slots = operatorSlots(operator, count);
  const { children } = operator;
  if (!slots) return Array.from({ length: count }, (_, index) => role(ANY, `value ${index + 1}`, index));
  if (children.kind !== 'branches') {
    return slots.map((slot, index) => ({
      ...role(slot, count === 1 ? 'value' : `value ${index + 1}`, index),
      propertyName: Boolean(operator.propertyName),
      ...(operator.propertyName ? { name: 'property' } : {}),
    }));
  }
  const head = children.head.length;
  return slots.map((slot, index) => {
    if (index < head) return role(slot, 'input', 0);
    if (index === count - 1) return { ...role(slot, 'otherwise', index), position: 'fallback' };
    const pair = Math.floor((index - head) / 2) + 1;
    const first = (index - head) % 2 === 0;
    if (!first) return { ...role(slot, `output ${pair}`, index), position: 'output' };
    return {
      ...role(slot, `${children.labels ? 'label' : 'condition'} ${pair}`, index),
      label: children.labels,
    };
  });
}

function role(slot: ExpressionSlot, name: string, index: number): ChildRole {
  return { slot, label: false, propertyName: false, name, position: index === 0 ? 'first' : 'other' };
}

const rolesOf = (node: ExpressionNode) => {
  const operator = expressionOperator(node.operator);
  return operator ? childRoles(operator, node.children.length) : [];
};

/** The MapLibre expression a node stands for: a property is ['get', name], a list ['literal', […]]. */
export function toExpression(node: FilterNode, role?: ChildRole): unknown {
  switch (node.kind) {
    case 'expression': {
      const roles = rolesOf(node);
      return [node.operator, ...node.children.map((child, index) => toExpression(child, roles[index]))];
    }
    case 'property':
      return ['get', node.name];
    case 'list':
      // A match label's list is written bare; elsewhere a list is a literal.
      return role?.label ? [...node.values] : ['literal', [...node.values]];
    default:
      return node.value;
  }
}

const isListOfScalars = (value: unknown): value is Array<string | number> =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number');

/**
 * The tree for an expression, or null when the builder cannot show it (an operator the table does
 * not have, an object, a nested list). Whether it is a valid filter is the validator's to say.
 */
export function fromExpression(value: unknown, role?: ChildRole): FilterNode | null {
  if (value === null) return { kind: 'number', value: null };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : null;
  if (typeof value === 'string')
    return !role?.label && !role?.propertyName && isColorLiteral(value)
      ? { kind: 'colour', value }
      : { kind: 'text', value };
  if (!Array.isArray(value)) return null;
  if (role?.label)
    return isMatchLabel(value) && isListOfScalars(value) ? { kind: 'list', values: [...value] } : null;
  const [name, ...rest] = value;
  if (name === 'get' && rest.length === 1 && typeof rest[0] === 'string')
    return { kind: 'property', name: rest[0] };
  if (name === 'literal') {
    if (rest.length !== 1) return null;
    if (isListOfScalars(rest[0])) return { kind: 'list', values: [...rest[0]] };
    return Array.isArray(rest[0]) ? null : fromExpression(rest[0]);
  }
  const operator = typeof name === 'string' ? expressionOperator(name) : undefined;
  if (!operator) return null;
  const roles = childRoles(operator, rest.length);
  const children: FilterNode[] = [];
  for (const [index, child] of rest.entries()) {
    const node = fromExpression(child, roles[index]);
    if (!node) return null;
    children.push(node);
  }
  return { kind: 'expression', operator: operator.name, children };
}

/** The kinds of child a slot takes, as the validator would accept them. */
export function kindsFor(role: ChildRole): NodeKind[] {
  if (role === ROOT_ROLE) return ['expression'];
  if (role.propertyName) return ['text', 'expression'];
  if (role.label) return ['text', 'number', 'list'];
  const { slot } = role;
  const any = slot.includes('value');
  const kinds: NodeKind[] = ['expression', 'property'];
  if (any || slot.includes('string')) kinds.push('text');
  if (any || slot.includes('number')) kinds.push('number');
  if (any || slot.includes('boolean')) kinds.push('boolean');
  if (any || slot.includes('string') || slot.includes('color')) kinds.push('colour');
  if (slot.includes('array')) kinds.push('list');
  return kinds;
}

/**
 * The operators an expression may use in a slot: those whose result the slot takes. 'get' is
 * the 'Property' kind of child, not offered here.
 */
export function operatorsFor(role: ChildRole): ExpressionOperator[] {
  return expressionOperatorTable.filter(
    (operator) => operator.name !== 'get' && slotAccepts(role.slot, operator.returns),
  );
}

const PREFERRED = ['==', 'to-number', 'to-string', 'coalesce'];
const defaultOperatorFor = (role: ChildRole): string => {
  const offered = operatorsFor(role).map((operator) => operator.name);
  return PREFERRED.find((name) => offered.includes(name)) ?? offered[0] ?? '==';
};

const minimumCount = ({ children }: ExpressionOperator) =>
  children.kind === 'fixed'
    ? children.slots.length
    : children.kind === 'each'
      ? children.min
      : children.head.length + 3;

/** A new child for a role: a comparison where true or false is wanted, a column first, then a value. */
export function defaultChild(role: ChildRole, columns: readonly string[]): FilterNode {
  const column = columns[0] ?? '';
  if (role.propertyName) return { kind: 'text', value: column };
  if (role.label) return { kind: 'text', value: '' };
  const { slot } = role;
  if (role.position === 'output') return { kind: 'boolean', value: true };
  if (role.position === 'fallback') return { kind: 'boolean', value: false };
  if (slot.length === 1 && slot[0] === 'boolean') return newExpression('==', columns);
  if (slot.includes('array')) return { kind: 'list', values: [] };
  if (role.position === 'first') return { kind: 'property', name: column };
  if (slot.includes('value') || !slot.includes('number')) return { kind: 'text', value: '' };
  return { kind: 'number', value: 0 };
}

/** A node of the kind chosen for a slot. */
export function nodeOfKind(kind: NodeKind, role: ChildRole, columns: readonly string[]): FilterNode {
  switch (kind) {
    case 'expression':
      return newExpression(defaultOperatorFor(role), columns);
    case 'property':
      return { kind, name: columns[0] ?? '' };
    case 'text':
      return { kind, value: role.propertyName ? (columns[0] ?? '') : '' };
    case 'number':
      return { kind, value: 0 };
    case 'boolean':
      return { kind, value: true };
    case 'colour':
      return { kind, value: '#000000' };
    case 'list':
      return { kind, values: [] };
  }
}

/** An operator with the fewest children it takes, each a default for its slot. */
export function newExpression(name: string, columns: readonly string[]): ExpressionNode {
  const operator = expressionOperator(name);
  if (!operator) return { kind: 'expression', operator: name, children: [] };
  const roles = childRoles(operator, minimumCount(operator));
  return { kind: 'expression', operator: name, children: roles.map((role) => defaultChild(role, columns)) };
}

const returnsOf = (node: FilterNode) =>
  node.kind === 'expression' ? expressionOperator(node.operator)?.returns : undefined;

/** Whether a child may stay in a slot when its operator changes. */
function fits(node: FilterNode, role: ChildRole): boolean {
  if (!kindsFor(role).includes(node.kind)) return false;
  const returns = returnsOf(node);
  return node.kind !== 'expression' || (returns !== undefined && slotAccepts(role.slot, returns));
}

/**
 * The node with another operator. Switching a condition to all / any / not puts the condition
 * inside the new one; otherwise children that fit their new slot stay and the rest are defaults.
 */
export function withOperator(node: ExpressionNode, name: string, columns: readonly string[]): ExpressionNode {
  const operator = expressionOperator(name);
  if (!operator || name === node.operator) return node;
  const combines = ['all', 'any', '!'].includes(name) && !['all', 'any', '!'].includes(node.operator);
  if (combines && returnsOf(node) === 'boolean') {
    const roles = childRoles(operator, Math.max(1, minimumCount(operator)));
    return {
      kind: 'expression',
      operator: name,
      children: roles.map((role, index) => (index === 0 ? node : defaultChild(role, columns))),
    };
  }
  const count = operatorSlots(operator, node.children.length) ? node.children.length : minimumCount(operator);
  const roles = childRoles(operator, count);
  return {
    kind: 'expression',
    operator: name,
    children: roles.map((role, index) => {
      const old = node.children[index];
      return old && fits(old, role) ? old : defaultChild(role, columns);
    }),
  };
}

/** Variadic operators take more children (all, any, +, *, concat, coalesce), branches more pairs. */
export function canAddChild(node: ExpressionNode): boolean {
  const kind = expressionOperator(node.operator)?.children.kind;
  return kind === 'each' || kind === 'branches';
}

export function addChild(node: ExpressionNode, columns: readonly string[]): ExpressionNode {
  const operator = expressionOperator(node.operator);
  if (!operator || !canAddChild(node)) return node;
  const count = node.children.length + (operator.children.kind === 'branches' ? 2 : 1);
  const roles = childRoles(operator, count);
  if (operator.children.kind === 'each')
    return { ...node, children: [...node.children, defaultChild(roles[count - 1]!, columns)] };
  // A new pair goes before the fallback.
  const fallback = node.children.slice(-1);
  const added = [defaultChild(roles[count - 3]!, columns), defaultChild(roles[count - 2]!, columns)];
  return { ...node, children: [...node.children.slice(0, -1), ...added, ...fallback] };
}

/** Which children may go: past the minimum of a variadic operator; a whole pair of branches. */
export function canRemoveChild(node: ExpressionNode, index: number): boolean {
  const operator = expressionOperator(node.operator);
  if (!operator) return false;
  const { children } = operator;
  if (children.kind === 'each') return node.children.length > children.min;
  if (children.kind !== 'branches') return false;
  const head = children.head.length;
  const inPair = index >= head && index < node.children.length - 1;
  return inPair && node.children.length - head > 3;
}

export function removeChild(node: ExpressionNode, index: number): ExpressionNode {
  const operator = expressionOperator(node.operator);
  if (!operator || !canRemoveChild(node, index)) return node;
  if (operator.children.kind !== 'branches')
    return { ...node, children: node.children.filter((_, at) => at !== index) };
  const head = operator.children.head.length;
  const start = index - ((index - head) % 2);
  return { ...node, children: node.children.filter((_, at) => at !== start && at !== start + 1) };
}

/** The node at `path` (child indexes from the root) replaced by what `change` makes of it. */
export function updateAt(
  root: FilterNode,
  path: readonly number[],
  change: (node: FilterNode) => FilterNode,
): FilterNode {
  if (path.length === 0) return change(root);
  if (root.kind !== 'expression') return root;
  const [index, ...rest] = path;
  return {
    ...root,
    children: root.children.map((child, at) => (at === index ? updateAt(child, rest, change) : child)),
  };
}

/** The filter being edited: in the builder, or as JSON text (empty: no filter). */
export type FilterDraft = { mode: 'builder'; tree: FilterNode | null } | { mode: 'json'; text: string };

/**
 * The expression a draft stands for (null: every feature is drawn) and its problem as spec 03 §5
 * words it, or null when it is a valid filter.
 */
export function draftFilter(draft: FilterDraft): { expression: unknown; problem: string | null } {
  if (draft.mode === 'builder') {
    if (!draft.tree) return { expression: null, problem: null };
    const expression = toExpression(draft.tree, ROOT_ROLE);
    return { expression, problem: filterExpressionProblem(expression) };
  }
  if (!draft.text.trim()) return { expression: null, problem: null };
  try {
    const expression: unknown = JSON.parse(draft.text);
    return { expression, problem: filterExpressionProblem(expression) };
  } catch {
    return { expression: null, problem: expressionMessages.invalid };
  }
}

/** The draft for a stored filter: in the builder when it can show it, else as JSON. */
export function draftOf(filter: unknown): FilterDraft {
  if (filter === undefined || filter === null) return { mode: 'builder', tree: null };
  const tree = fromExpression(filter, ROOT_ROLE);
  return tree?.kind === 'expression'
    ? { mode: 'builder', tree }
    : { mode: 'json', text: JSON.stringify(filter) };
}

/** Builder → JSON: the expression as text. */
export const jsonOf = (tree: FilterNode | null) =>
  tree ? JSON.stringify(toExpression(tree, ROOT_ROLE)) : '';

/** JSON → builder: the tree, or why it cannot be shown there. */
export function treeOfJson(text: string): { tree: FilterNode | null } | { problem: string } {
  if (!text.trim()) return { tree: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: expressionMessages.invalid };
  }
  const tree = fromExpression(value, ROOT_ROLE);
  return tree?.kind === 'expression' ? { tree } : { problem: filterBuilderMessages.notInBuilder };
}

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** A filter as a person reads it: zone == "Flood Zone 3" and (area >= 2 or has ref). */
export function describeExpression(value: unknown, nested = false): string {
  if (!Array.isArray(value)) return JSON.stringify(value) ?? String(value);
  const [name, ...rest] = value;
  const text = (child: unknown) => describeExpression(child, true);
  if (name === 'get' && rest.length === 1 && typeof rest[0] === 'string') return rest[0];
  if (name === 'literal') return JSON.stringify(rest[0]);
  if (typeof name === 'string' && COMPARISONS.has(name) && rest.length === 2)
    return `${text(rest[0])} ${name} ${text(rest[1])}`;
  if ((name === 'all' || name === 'any') && rest.length > 0) {
    const joined = rest.map(text).join(name === 'all' ? ' and ' : ' or ');
    return nested && rest.length > 1 ? `(${joined})` : joined;
  }
  if (name === '!' && rest.length === 1)
    return `not ${Array.isArray(rest[0]) ? `(${describeExpression(rest[0])})` : text(rest[0])}`;
  if (name === 'has' && rest.length === 1)
    return `has ${typeof rest[0] === 'string' ? rest[0] : text(rest[0])}`;
  if (name === 'in' && rest.length === 2) return `${text(rest[0])} in ${text(rest[1])}`;
  return `${String(name)}(${rest.map((child) => describeExpression(child)).join(', ')})`;
}
