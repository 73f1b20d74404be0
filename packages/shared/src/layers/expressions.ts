import { colorProblem } from './style';

/** Spec 03 §5 and §8: the filter expression builder's messages. */
export const expressionMessages = {
  invalid: 'Expression is invalid',
  notValidChild: (expression: unknown) => `Expression ${JSON.stringify(expression)} is not valid as a child`,
} as const;

type ValueType = 'boolean' | 'number' | 'string' | 'color' | 'value' | 'array';

/** A child's place: the types it may have. 'value' accepts anything (a feature property, say). */
type Slot = readonly ValueType[];
const ANY: Slot = ['value'];
const BOOL: Slot = ['boolean'];
const NUM: Slot = ['number'];
const ORDERED: Slot = ['number', 'string'];

type Operator = {
  /** The children: a fixed list, or one slot repeated (at least `min`). */
  children: readonly Slot[] | { each: Slot; min: number };
  returns: ValueType;
};

/**
 * The operators the builder offers (a subset of MapLibre's expressions), each with a fixed number
 * of typed children (spec 03 §5). `get` and `has` take a property name; `rgb`/`rgba` colour
 * channels are integers up to 255 and alpha 0 to 1.
 */
const OPERATORS: Record<string, Operator> = {
  all: { children: { each: BOOL, min: 1 }, returns: 'boolean' },
  any: { children: { each: BOOL, min: 1 }, returns: 'boolean' },
  '!': { children: [BOOL], returns: 'boolean' },
  '==': { children: [ANY, ANY], returns: 'boolean' },
  '!=': { children: [ANY, ANY], returns: 'boolean' },
  '<': { children: [ORDERED, ORDERED], returns: 'boolean' },
  '<=': { children: [ORDERED, ORDERED], returns: 'boolean' },
  '>': { children: [ORDERED, ORDERED], returns: 'boolean' },
  '>=': { children: [ORDERED, ORDERED], returns: 'boolean' },
  get: { children: [['string']], returns: 'value' },
  has: { children: [['string']], returns: 'boolean' },
  in: { children: [ANY, ['array', 'string']], returns: 'boolean' },
  'to-number': { children: [ANY], returns: 'number' },
  'to-string': { children: [ANY], returns: 'string' },
  'to-boolean': { children: [ANY], returns: 'boolean' },
  zoom: { children: [], returns: 'number' },
  '+': { children: { each: NUM, min: 2 }, returns: 'number' },
  '*': { children: { each: NUM, min: 2 }, returns: 'number' },
  '-': { children: [NUM, NUM], returns: 'number' },
  '/': { children: [NUM, NUM], returns: 'number' },
  '%': { children: [NUM, NUM], returns: 'number' },
  concat: { children: { each: ANY, min: 1 }, returns: 'string' },
  coalesce: { children: { each: ANY, min: 1 }, returns: 'value' },
  rgb: { children: [NUM, NUM, NUM], returns: 'color' },
  rgba: { children: [NUM, NUM, NUM, NUM], returns: 'color' },
};

export const expressionOperators = Object.keys(OPERATORS);

class ExpressionError extends Error {}

const accepts = (slot: Slot, type: ValueType) =>
  slot.includes('value') ||
  type === 'value' ||
  slot.includes(type) ||
  (type === 'color' && slot.includes('string'));

function literalType(value: unknown): ValueType | null {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : null;
  if (typeof value === 'string') {
    if (value.startsWith('#') || /^rgba?\(/.test(value)) {
      const problem = colorProblem(value);
      if (problem) throw new ExpressionError(problem);
      return 'color';
    }
    return 'string';
  }
  return null;
}

function check(expression: unknown, depth: number): ValueType {
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
  if (typeof name !== 'string') throw new ExpressionError(expressionMessages.invalid);
  if (name === 'case' || name === 'match') return checkBranches(name, children, depth);
  const operator = OPERATORS[name];
  if (!operator) throw new ExpressionError(expressionMessages.invalid);
  const slots = Array.isArray(operator.children)
    ? (operator.children as readonly Slot[])
    : children.length >= (operator.children as { min: number }).min
      ? children.map(() => (operator.children as { each: Slot }).each)
      : null;
  if (!slots || slots.length !== children.length) throw new ExpressionError(expressionMessages.invalid);
  children.forEach((child, index) => {
    const type = check(child, depth + 1);
    if (!accepts(slots[index] ?? ANY, type))
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

/** ['case', condition, output, …, fallback] and ['match', input, label, output, …, fallback]. */
function checkBranches(name: 'case' | 'match', children: unknown[], depth: number): ValueType {
  const rest = name === 'match' ? children.slice(1) : children;
  if (name === 'match') {
    if (children.length < 1) throw new ExpressionError(expressionMessages.invalid);
    check(children[0], depth + 1);
  }
  if (rest.length < 3 || rest.length % 2 === 0) throw new ExpressionError(expressionMessages.invalid);
  for (let index = 0; index < rest.length - 1; index += 2) {
    const test = rest[index];
    if (name === 'case') {
      const type = check(test, depth + 1);
      if (!accepts(BOOL, type)) throw new ExpressionError(expressionMessages.notValidChild(test));
    } else if (!(typeof test === 'string' || typeof test === 'number' || Array.isArray(test))) {
      throw new ExpressionError(expressionMessages.notValidChild(test));
    }
    check(rest[index + 1], depth + 1);
  }
  check(rest[rest.length - 1], depth + 1);
  return 'value';
}

/** Null for a valid filter expression (it must give true or false), else the message to show. */
export function filterExpressionProblem(expression: unknown): string | null {
  try {
    if (!Array.isArray(expression)) return expressionMessages.invalid;
    const type = check(expression, 0);
    return accepts(BOOL, type) ? null : expressionMessages.invalid;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    return expressionMessages.invalid;
  }
}
