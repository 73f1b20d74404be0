import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from '../../lib/errors';
import type { Property, PropertyKind } from './ogc.features';

/*
 * CQL2 text (OGC API Features Part 3, filter-lang=cql2-text), the part a GIS client sends for
 * attribute filters: comparisons (= <> < > <= >=), AND / OR / NOT, LIKE, IN, BETWEEN and
 * IS NULL, on the collection's queryables, with string, number, boolean and DATE literals.
 * No npm package parses CQL2 text for Node 20, so it is parsed here (recursive descent) into a
 * tree and compiled to SQL in which every literal is a bound parameter and every property is
 * one of the queryables' own expressions: nothing of the filter's text becomes SQL.
 */

type Queryable = Property & { kind: PropertyKind };

type Literal = {
  type: 'literal';
  kind: 'text' | 'number' | 'boolean' | 'date';
  value: string | number | boolean;
};
type PropertyRef = { type: 'property'; name: string };
type Operand = Literal | PropertyRef;
type Node =
  | { type: 'and' | 'or'; parts: Node[] }
  | { type: 'not'; part: Node }
  | { type: 'compare'; op: string; left: Operand; right: Operand }
  | { type: 'like'; not: boolean; left: Operand; pattern: Operand }
  | { type: 'between'; not: boolean; value: Operand; low: Operand; high: Operand }
  | { type: 'in'; not: boolean; value: Operand; list: Operand[] }
  | { type: 'null'; not: boolean; value: Operand };

type Token = { kind: 'word' | 'quoted' | 'string' | 'number' | 'op' | 'punct'; text: string; at: number };

export const CQL2_MAX_LENGTH = 4000;
const MAX_DEPTH = 50;
const MAX_IN = 1000;

const fail = (message: string, at?: number) =>
  badRequest(`filter: ${message}${at === undefined ? '' : ` (at character ${at + 1})`}`);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'") {
      // '' inside a string is one quote.
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw fail('a string is not closed', i);
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j++;
      }
      tokens.push({ kind: 'string', text: value, at: i });
      i = j + 1;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw fail('a quoted property name is not closed', i);
      tokens.push({ kind: 'quoted', text: text.slice(i + 1, end), at: i });
      i = end + 1;
    } else if (
      /[0-9]/.test(c) ||
      ((c === '-' || c === '+' || c === '.') && /[0-9.]/.test(text[i + 1] ?? ''))
    ) {
      const match = /^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/.exec(text.slice(i));
      if (!match) throw fail('a number is malformed', i);
      tokens.push({ kind: 'number', text: match[0], at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.:]*/.exec(text.slice(i))!;
      tokens.push({ kind: 'word', text: match[0], at: i });
      i += match[0].length;
    } else if (c === '<' || c === '>' || c === '=') {
      const two = text.slice(i, i + 2);
      const op = two === '<=' || two === '>=' || two === '<>' ? two : c;
      tokens.push({ kind: 'op', text: op, at: i });
      i += op.length;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', text: c, at: i });
      i++;
    } else {
      throw fail(`unexpected character ${JSON.stringify(c)}`, i);
    }
  }
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }
  private at(): number {
    return this.peek()?.at ?? this.length;
  }
  private isWord(word: string, offset = 0): boolean {
    const token = this.tokens[this.index + offset];
    return token?.kind === 'word' && token.text.toUpperCase() === word;
  }
  private takeWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.index++;
    return true;
  }
  private expectPunct(text: string) {
    const token = this.peek();
    if (token?.kind !== 'punct' || token.text !== text) throw fail(`expected ${text}`, this.at());
    this.index++;
  }

  parse(): Node {
    if (this.tokens.length === 0) throw fail('it is empty');
    const node = this.or();
    if (this.peek()) throw fail(`unexpected ${JSON.stringify(this.peek()!.text.slice(0, 30))}`, this.at());
    return node;
  }

  private or(): Node {
    if (++this.depth > MAX_DEPTH) throw fail('it is nested too deeply');
    const parts = [this.and()];
    while (this.takeWord('OR')) parts.push(this.and());
    this.depth--;
    return parts.length === 1 ? parts[0]! : { type: 'or', parts };
  }

  private and(): Node {
    const parts = [this.not()];
    while (this.takeWord('AND')) parts.push(this.not());
    return parts.length === 1 ? parts[0]! : { type: 'and', parts };
  }

  private not(): Node {
    if (this.takeWord('NOT')) {
      if (++this.depth > MAX_DEPTH) throw fail('it is nested too deeply');
      const part = this.not();
      this.depth--;
      return { type: 'not', part };
    }
    const token = this.peek();
    if (token?.kind === 'punct' && token.text === '(') {
      this.index++;
      const inner = this.or();
      this.expectPunct(')');
      return inner;
    }
    return this.predicate();
  }

  private predicate(): Node {
    const left = this.operand();
    const token = this.peek();
    if (token?.kind === 'op') {
      this.index++;
      return { type: 'compare', op: token.text, left, right: this.operand() };
    }
    if (this.takeWord('IS')) {
      const not = this.takeWord('NOT');
      if (!this.takeWord('NULL')) throw fail('expected NULL after IS', this.at());
      return { type: 'null', not, value: left };
    }
    const not = this.takeWord('NOT');
    if (this.takeWord('LIKE')) return { type: 'like', not, left, pattern: this.operand() };
    if (this.takeWord('BETWEEN')) {
      const low = this.operand();
      if (!this.takeWord('AND')) throw fail('expected AND in BETWEEN', this.at());
      return { type: 'between', not, value: left, low, high: this.operand() };
    }
    if (this.takeWord('IN')) {
      this.expectPunct('(');
      const list = [this.operand()];
      while (this.peek()?.kind === 'punct' && this.peek()!.text === ',') {
        this.index++;
        list.push(this.operand());
        if (list.length > MAX_IN) throw fail(`IN takes at most ${MAX_IN} values`, this.at());
      }
      this.expectPunct(')');
      return { type: 'in', not, value: left, list };
    }
    throw fail('expected a comparison, LIKE, BETWEEN, IN or IS NULL', this.at());
  }

  private operand(): Operand {
    const token = this.peek();
    if (!token) throw fail('it ends too early', this.length);
    this.index++;
    switch (token.kind) {
      case 'string':
        return { type: 'literal', kind: 'text', value: token.text };
      case 'number':
        return { type: 'literal', kind: 'number', value: Number(token.text) };
      case 'quoted':
        return { type: 'property', name: token.text };
      case 'word': {
        const upper = token.text.toUpperCase();
        if (upper === 'TRUE' || upper === 'FALSE')
          return { type: 'literal', kind: 'boolean', value: upper === 'TRUE' };
        if ((upper === 'DATE' || upper === 'TIMESTAMP') && this.peek()?.text === '(') {
          this.index++;
          const value = this.peek();
          if (value?.kind !== 'string') throw fail(`${upper} takes a quoted date`, this.at());
          this.index++;
          this.expectPunct(')');
          if (!/^\d{4}-\d{2}-\d{2}/.test(value.text) || Number.isNaN(Date.parse(value.text.slice(0, 10))))
            throw fail(`${value.text.slice(0, 40)} is not a date`, value.at);
          return { type: 'literal', kind: 'date', value: value.text.slice(0, 10) };
        }
        return { type: 'property', name: token.text };
      }
      default:
        throw fail(`unexpected ${JSON.stringify(token.text)}`, token.at);
    }
  }
}

export function parseCql2(text: string): Node {
  if (text.length > CQL2_MAX_LENGTH) throw fail(`it is longer than ${CQL2_MAX_LENGTH} characters`);
  return new Parser(tokenize(text), text.length).parse();
}

const COMPARISONS: Record<string, RawBuilder<unknown>> = {
  '=': sql`=`,
  '<>': sql`<>`,
  '<': sql`<`,
  '>': sql`>`,
  '<=': sql`<=`,
  '>=': sql`>=`,
};

/** Compiles a CQL2 text filter over the collection's queryables to a parameterised condition. */
export function compileCql2(text: string, queryables: Queryable[]): Expression<SqlBool> {
  const tree = parseCql2(text);

  const propertyOf = (name: string): Queryable => {
    const found = queryables.find((property) => property.name === name);
    if (!found) throw fail(`${name.slice(0, 60)} is not one of the collection’s queryables`);
    return found;
  };

  // A property's value, typed by its kind (a JSON value of another type is null).
  const valueOf = (property: Queryable): RawBuilder<unknown> => {
    const v = property.value;
    switch (property.kind) {
      case 'number':
        return property.json
          ? sql`(case when jsonb_typeof(${v}) = 'number' then (${v})::numeric end)`
          : sql`(${v})::numeric`;
      case 'boolean':
        return property.json
          ? sql`(case when jsonb_typeof(${v}) = 'boolean' then (${v})::boolean end)`
          : sql`(${v})::boolean`;
      case 'date': {
        const raw = property.json ? sql`(${v}) #>> '{}'` : sql`(${v})::text`;
        return sql`(case when ${raw} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(${raw}, 10) end)`;
      }
      case 'text':
        return property.json ? sql`((${v}) #>> '{}')` : sql`(${v})::text`;
    }
  };

  // A literal as a parameter of the kind the property compares as.
  const literalAs = (literal: Literal, kind: PropertyKind, name: string): RawBuilder<unknown> => {
    const wrong = () => fail(`${name.slice(0, 60)} is a ${kind}: ${JSON.stringify(literal.value)} is not`);
    switch (kind) {
      case 'number':
        if (literal.kind !== 'number' || !Number.isFinite(literal.value)) throw wrong();
        return sql`${literal.value}::numeric`;
      case 'boolean':
        if (literal.kind !== 'boolean') throw wrong();
        return sql`${literal.value}::boolean`;
      case 'date': {
        const value = String(literal.value);
        if (
          (literal.kind !== 'date' && literal.kind !== 'text') ||
          !/^\d{4}-\d{2}-\d{2}$/.test(value.slice(0, 10)) ||
          Number.isNaN(Date.parse(value.slice(0, 10)))
        )
          throw wrong();
        return sql`${value.slice(0, 10)}::text`;
      }
      case 'text':
        if (literal.kind !== 'text') throw wrong();
        return sql`${String(literal.value)}::text`;
    }
  };

  // Two operands, at least one a property; a literal takes the property's kind.
  const pair = (a: Operand, b: Operand): [RawBuilder<unknown>, RawBuilder<unknown>, PropertyKind] => {
    if (a.type === 'property') {
      const property = propertyOf(a.name);
      if (b.type === 'property') {
        const other = propertyOf(b.name);
        if (other.kind !== property.kind)
          throw fail(`${a.name.slice(0, 60)} and ${b.name.slice(0, 60)} are of different types`);
        return [valueOf(property), valueOf(other), property.kind];
      }
      return [valueOf(property), literalAs(b, property.kind, a.name), property.kind];
    }
    if (b.type === 'property') {
      const [right, left, kind] = pair(b, a);
      return [left, right, kind];
    }
    throw fail('each comparison names a property (see the collection’s queryables)');
  };

  const operandFor = (operand: Operand, kind: PropertyKind, name: string) =>
    operand.type === 'property'
      ? (() => {
          const property = propertyOf(operand.name);
          if (property.kind !== kind) throw fail(`${operand.name.slice(0, 60)} is not a ${kind}`);
          return valueOf(property);
        })()
      : literalAs(operand, kind, name);

  const compile = (node: Node): Expression<SqlBool> => {
    switch (node.type) {
      case 'and':
      case 'or':
        return sql<SqlBool>`(${sql.join(node.parts.map(compile), node.type === 'and' ? sql` and ` : sql` or `)})`;
      case 'not':
        return sql<SqlBool>`(not ${compile(node.part)})`;
      case 'compare': {
        const [left, right, kind] = pair(node.left, node.right);
        if (kind === 'boolean' && node.op !== '=' && node.op !== '<>')
          throw fail('true and false compare with = or <> only');
        return sql<SqlBool>`(${left} ${COMPARISONS[node.op]!} ${right})`;
      }
      case 'like': {
        if (node.left.type !== 'property') throw fail('LIKE applies to a property');
        const property = propertyOf(node.left.name);
        if (property.kind !== 'text')
          throw fail(`${property.name.slice(0, 60)} is not text: LIKE needs text`);
        const pattern = operandFor(node.pattern, 'text', property.name);
        return sql<SqlBool>`(${valueOf(property)} ${node.not ? sql`not like` : sql`like`} ${pattern})`;
      }
      case 'between': {
        if (node.value.type !== 'property') throw fail('BETWEEN applies to a property');
        const property = propertyOf(node.value.name);
        if (property.kind === 'boolean') throw fail('BETWEEN needs numbers, dates or text');
        const low = operandFor(node.low, property.kind, property.name);
        const high = operandFor(node.high, property.kind, property.name);
        return sql<SqlBool>`(${valueOf(property)} ${node.not ? sql`not between` : sql`between`} ${low} and ${high})`;
      }
      case 'in': {
        if (node.value.type !== 'property') throw fail('IN applies to a property');
        const property = propertyOf(node.value.name);
        const list = node.list.map((item) => operandFor(item, property.kind, property.name));
        return sql<SqlBool>`(${valueOf(property)} ${node.not ? sql`not in` : sql`in`} (${sql.join(list)}))`;
      }
      case 'null': {
        if (node.value.type !== 'property') throw fail('IS NULL applies to a property');
        const property = propertyOf(node.value.name);
        const isNull = property.json
          ? sql`(${property.value} is null or jsonb_typeof(${property.value}) = 'null')`
          : sql`(${property.value} is null)`;
        return node.not ? sql<SqlBool>`(not ${isNull})` : sql<SqlBool>`${isNull}`;
      }
    }
  };
  return compile(tree);
}
