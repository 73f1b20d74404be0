import { colorProblem } from './style';

/** Spec 03 §5 and §8: the filter expression builder's messages. */
export const expressionMessages = {
  invalid: 'Expression is invalid',
  notValidChild: (expression: unknown) => `Expression ${JSON.stringify(expression)} is not valid as a child`,
} as const;

/** What an expression or a literal gives. 'value' is anything (a feature property, say). */
export type ExpressionValueType = 'boolean' | 'number' | 'string' | 'color' | 'value' | 'array';

/** A child's place: the types it may have. */
export type ExpressionSlot = readonly ExpressionValueType[];
const ANY: ExpressionSlot = ['value'];
const BOOL: ExpressionSlot = ['boolean'];
const NUM: ExpressionSlot = ['number'];
const ORDERED: ExpressionSlot = ['number', 'string'];

/**
 * An operator's children: a fixed list of slots; one slot repeated at least `min` times; or
 * branches (case, match): `head` slots, then pairs of slots one or more times, then a fallback.
 */
export type ExpressionChildren =
  | { kind: 'fixed'; slots: readonly ExpressionSlot[] }
  | { kind: 'each'; slot: ExpressionSlot; min: number }
  | {
      kind: 'branches';
      head: readonly ExpressionSlot[];
      pair: readonly [ExpressionSlot, ExpressionSlot];
      fallback: ExpressionSlot;
      /** match: the first of each pair is a label written as it is (text, number or a list of them). */
      labels: boolean;
    };

export type ExpressionOperator = {
  /** The operator as MapLibre writes it: '==', 'all', 'get'… */
  name: string;
  /** What the builder shows beside the name. */
  label: string;
  children: ExpressionChildren;
  returns: ExpressionValueType;
  /** get, has: the child is a feature property's name (the builder offers the layer's columns). */
  propertyName?: boolean;
};

const fixed = (...slots: ExpressionSlot[]): ExpressionChildren => ({ kind: 'fixed', slots });
const each = (slot: ExpressionSlot, min: number): ExpressionChildren => ({ kind: 'each', slot, min });

/**
 * The operators of filter expressions (a subset of MapLibre's), each with a fixed number of typed
 * children (spec 03 §5). The one table behind both the validator below and the layers admin's
 * visual filter builder. `rgb`/`rgba` colour channels are integers up to 255 and alpha 0 to 1.
 */
export const expressionOperatorTable: readonly ExpressionOperator[] = [
  { name: '==', label: 'equals', children: fixed(ANY, ANY), returns: 'boolean' },
  { name: '!=', label: 'does not equal', children: fixed(ANY, ANY), returns: 'boolean' },
  { name: '<', label: 'less than', children: fixed(ORDERED, ORDERED), returns: 'boolean' },
  { name: '<=', label: 'at most', children: fixed(ORDERED, ORDERED), returns: 'boolean' },
  { name: '>', label: 'greater than', children: fixed(ORDERED, ORDERED), returns: 'boolean' },
  { name: '>=', label: 'at least', children: fixed(ORDERED, ORDERED), returns: 'boolean' },
  { name: 'all', label: 'all of', children: each(BOOL, 1), returns: 'boolean' },
  { name: 'any', label: 'any of', children: each(BOOL, 1), returns: 'boolean' },
  { name: '!', label: 'not', children: fixed(BOOL), returns: 'boolean' },
  {
    name: 'has',
    label: 'has the property',
    children: fixed(['string']),
    returns: 'boolean',
    propertyName: true,
  },
  { name: 'in', label: 'is found in', children: fixed(ANY, ['array', 'string']), returns: 'boolean' },
  { name: 'get', label: 'property', children: fixed(['string']), returns: 'value', propertyName: true },
  {
    name: 'case',
    label: 'by condition',
    children: { kind: 'branches', head: [], pair: [BOOL, ANY], fallback: ANY, labels: false },
    returns: 'value',
  },
  {
    name: 'match',
    label: 'by value',
    children: {
      kind: 'branches',
      head: [ANY],
      pair: [['string', 'number', 'array'], ANY],
      fallback: ANY,
      labels: true,
    },
    returns: 'value',
  },
  { name: 'to-number', label: 'as a number', children: fixed(ANY), returns: 'number' },
  { name: 'to-string', label: 'as text', children: fixed(ANY), returns: 'string' },
  { name: 'to-boolean', label: 'as true or false', children: fixed(ANY), returns: 'boolean' },
  { name: 'zoom', label: 'map zoom', children: fixed(), returns: 'number' },
  { name: '+', label: 'sum', children: each(NUM, 2), returns: 'number' },
  { name: '*', label: 'product', children: each(NUM, 2), returns: 'number' },
  { name: '-', label: 'minus', children: fixed(NUM, NUM), returns: 'number' },
  { name: '/', label: 'divided by', children: fixed(NUM, NUM), returns: 'number' },
  { name: '%', label: 'remainder', children: fixed(NUM, NUM), returns: 'number' },
  { name: 'concat', label: 'joined text', children: each(ANY, 1), returns: 'string' },
  { name: 'coalesce', label: 'first present', children: each(ANY, 1), returns: 'value' },
  { name: 'rgb', label: 'colour from red, green, blue', children: fixed(NUM, NUM, NUM), returns: 'color' },
  { name: 'rgba', label: 'colour with opacity', children: fixed(NUM, NUM, NUM, NUM), returns: 'color' },
];

const OPERATORS = new Map(expressionOperatorTable.map((operator) => [operator.name, operator]));

export const expressionOperators = expressionOperatorTable.map((operator) => operator.name);

export function expressionOperator(name: string): ExpressionOperator | undefined {
  return OPERATORS.get(name);
}

/**
 * The slots of an operator's children when it has `count` of them, or null when it cannot have
 * that many (fixed lists exactly, repeated slots at least `min`, branches head + pairs + fallback).
 */
export function operatorSlots(operator: ExpressionOperator, count: number): ExpressionSlot[] | null {
  const { children } = operator;
  if (children.kind === 'fixed') return count === children.slots.length ? [...children.slots] : null;
  if (children.kind === 'each')
    return count >= children.min ? Array<ExpressionSlot>(count).fill(children.slot) : null;
  const rest = count - children.head.length;
  if (rest < 3 || rest % 2 === 0) return null;
  const pairs = Array.from({ length: (rest - 1) / 2 }, () => children.pair).flat();
  return [...children.head, ...pairs, children.fallback];
}

/** Whether a child giving `type` may stand in `slot` (a colour stands in for text). */
export const slotAccepts = (slot: ExpressionSlot, type: ExpressionValueType) =>
  slot.includes('value') ||
  type === 'value' ||
  slot.includes(type) ||
  (type === 'color' && slot.includes('string'));

/** A text literal read as a colour (and checked as one): '#…', 'rgb(…)' or 'rgba(…)'. */
export const isColorLiteral = (value: string) => value.startsWith('#') || /^rgba?\(/.test(value);

/** A match label is written as it is: text, a number, or a list of them; never an expression. */
export const isMatchLabel = (value: unknown): value is string | number | Array<string | number> =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  (Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === 'string' || typeof item === 'number'));

class ExpressionError extends Error {}

function literalType(value: unknown): ExpressionValueType | null {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : null;
  if (typeof value === 'string') {
    if (isColorLiteral(value)) {
      const problem = colorProblem(value);
      if (problem) throw new ExpressionError(problem);
      return 'color';
    }
    return 'string';
  }
  return null;
}

function check(expression: unknown, depth: number): ExpressionValueType {
  if (depth > 16) throw new ExpressionError(expressionMessages.invalid);
  if (!Array.isArray(expression)) {
    const type = literalType(expression);
    if (!type) throw new ExpressionError(expressionMessages.invalid);
    return type;
  }
  const [name, ...children] = expression;
  if (name === 'literal') {
    if (children.length !== 1) throw new ExpressionError(expressionMessages.invalid);
    return Array.isArray(children[0]) ? 'array' : (literalType(children[0]) ?? 'value');
  }
  const operator = typeof name === 'string' ? OPERATORS.get(name) : undefined;
  if (!operator) throw new ExpressionError(expressionMessages.invalid);
  const slots = operatorSlots(operator, children.length);
  if (!slots) throw new ExpressionError(expressionMessages.invalid);
  const { children: shape } = operator;
  const head = shape.kind === 'branches' ? shape.head.length : 0;
  children.forEach((child, index) => {
    const label = shape.kind === 'branches' && shape.labels && index >= head && index < children.length - 1;
    if (label && (index - head) % 2 === 0) {
      if (!isMatchLabel(child)) throw new ExpressionError(expressionMessages.notValidChild(child));
      return;
    }
    const type = check(child, depth + 1);
    if (!slotAccepts(slots[index] ?? ANY, type))
      throw new ExpressionError(expressionMessages.notValidChild(child));
  });
  if (name === 'rgb' || name === 'rgba') checkChannels(name, children);
  return operator.returns;
}

/** Channels given as numbers: integers 0 to 255, alpha 0 to 1 (spec 03 §5). */
function checkChannels(name: string, children: unknown[]) {
  children.forEach((child, index) => {
    if (typeof child !== 'number') return;
    const alpha = name === 'rgba' && index === 3;
    const ok = alpha ? child >= 0 && child <= 1 : Number.isInteger(child) && child >= 0 && child <= 255;
    if (!ok) throw new ExpressionError(expressionMessages.notValidChild(child));
  });
}

/** Null for a valid filter expression (it must give true or false), else the message to show. */
export function filterExpressionProblem(expression: unknown): string | null {
  try {
    if (!Array.isArray(expression)) return expressionMessages.invalid;
    const type = check(expression, 0);
    return slotAccepts(BOOL, type) ? null : expressionMessages.invalid;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    return expressionMessages.invalid;
  }
}
