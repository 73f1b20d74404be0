import { describe, expect, it } from 'vitest';
import {
  expressionMessages,
  expressionOperatorTable,
  filterExpressionProblem,
  slotAccepts,
} from '@planning/shared';
import {
  addChild,
  canAddChild,
  canRemoveChild,
  childRoles,
  describeExpression,
  draftFilter,
  draftOf,
  filterBuilderMessages,
  fromExpression,
  jsonOf,
  kindsFor,
  newExpression,
  nodeOfKind,
  operatorsFor,
  removeChild,
  ROOT_ROLE,
  toExpression,
  treeOfJson,
  updateAt,
  withOperator,
  type ExpressionNode,
  type FilterNode,
} from './filterTree';

const columns = ['zone', 'area', 'ref'];
const tree = (expression: unknown) => fromExpression(expression, ROOT_ROLE) as ExpressionNode;
const back = (node: FilterNode) => toExpression(node, ROOT_ROLE);

describe('filter tree <-> expression', () => {
  it.each([
    [['==', ['get', 'zone'], 'Flood Zone 3']],
    [['all', ['has', 'ref'], ['>=', ['get', 'area'], 2.5], ['!', ['==', ['get', 'listed'], true]]]],
    [['any', ['!', ['has', 'ref']], ['in', ['get', 'zone'], ['literal', ['FZ2', 'FZ3']]]]],
    [['case', ['has', 'ref'], true, ['<', ['get', 'area'], 1], false, true]],
    [['match', ['get', 'zone'], ['FZ2', 'FZ3'], true, 'FZ1', false, false]],
    [['==', ['get', 'colour'], '#ff0000']],
    [['==', ['rgb', 255, 0, 0], '#f00']],
    [['>', ['+', ['get', 'a'], 1, 2], ['*', 2, ['zoom']]]],
    [['==', ['concat', ['get', 'a'], '-', ['to-string', ['get', 'b']]], 'x-1']],
    [['has', ['concat', 'r', 'ef']]],
    [['==', ['get', 'a']]], // the wrong arity still round-trips; the validator reports it
  ])('%j round-trips', (expression) => {
    const node = tree(expression);
    expect(node).not.toBeNull();
    expect(back(node)).toEqual(expression);
  });

  it('reads properties, literals and colours as typed leaves', () => {
    expect(tree(['==', ['get', 'zone'], 'FZ3'])).toEqual({
      kind: 'expression',
      operator: '==',
      children: [
        { kind: 'property', name: 'zone' },
        { kind: 'text', value: 'FZ3' },
      ],
    });
    expect(tree(['==', ['get', 'c'], 'rgba(1, 2, 3, 0.5)']).children[1]).toEqual({
      kind: 'colour',
      value: 'rgba(1, 2, 3, 0.5)',
    });
    expect(tree(['in', ['get', 'n'], ['literal', [1, 'two']]]).children[1]).toEqual({
      kind: 'list',
      values: [1, 'two'],
    });
    // has names a property: text (shown as a column picker), not a colour or a property node.
    expect(tree(['has', '#ref']).children[0]).toEqual({ kind: 'text', value: '#ref' });
    // A literal scalar reads as the scalar itself.
    expect(back(tree(['==', ['get', 'a'], ['literal', 'x']]))).toEqual(['==', ['get', 'a'], 'x']);
  });

  it('writes a match label list bare and any other list as a literal', () => {
    const node = tree(['match', ['get', 'zone'], ['FZ2', 'FZ3'], true, false]);
    expect(node.children[1]).toEqual({ kind: 'list', values: ['FZ2', 'FZ3'] });
    const elsewhere = updateAt(node, [0], () => ({ kind: 'list', values: ['a'] }));
    expect(back(elsewhere)).toEqual(['match', ['literal', ['a']], ['FZ2', 'FZ3'], true, false]);
  });

  it.each([
    [['near', 1, 2]],
    [['==', ['get', 'a'], { b: 1 }]],
    [['match', ['get', 'a'], [['x']], true, false]],
    [['==', ['literal', [['x']]], 1]],
    [[1, 2]],
  ])('cannot show %j', (expression) => {
    expect(fromExpression(expression, ROOT_ROLE)).toBeNull();
  });
});

describe('the builder follows the shared operator table', () => {
  it('offers in each slot only the operators whose result the validator accepts there', () => {
    const condition = operatorsFor(ROOT_ROLE).map((operator) => operator.name);
    expect(condition).toEqual(
      expressionOperatorTable
        .filter((operator) => operator.name !== 'get' && slotAccepts(['boolean'], operator.returns))
        .map((operator) => operator.name),
    );
    expect(condition).toContain('all');
    expect(condition).not.toContain('+');
    const [number] = childRoles(
      expressionOperatorTable.find((operator) => operator.name === '+')!,
      2,
    );
    expect(operatorsFor(number!).map((operator) => operator.name)).toContain('+');
    expect(operatorsFor(number!).map((operator) => operator.name)).not.toContain('==');
  });

  it('gives typed slots: numbers for arithmetic, lists for in, columns for has', () => {
    const roles = (name: string, count: number) =>
      childRoles(
        expressionOperatorTable.find((operator) => operator.name === name)!,
        count,
      );
    expect(kindsFor(roles('+', 2)[0]!)).toEqual(['expression', 'property', 'number']);
    expect(kindsFor(roles('in', 2)[1]!)).toEqual(['expression', 'property', 'text', 'colour', 'list']);
    expect(kindsFor(roles('has', 1)[0]!)).toEqual(['text', 'expression']);
    expect(kindsFor(roles('all', 1)[0]!)).toEqual(['expression', 'property', 'boolean']);
    expect(kindsFor(roles('match', 4)[1]!)).toEqual(['text', 'number', 'list']);
    expect(roles('match', 6).map((role) => role.name)).toEqual([
      'input',
      'label 1',
      'output 1',
      'label 2',
      'output 2',
      'otherwise',
    ]);
    expect(kindsFor(ROOT_ROLE)).toEqual(['expression']);
  });

  // Every operator the builder offers, made with its defaults, is a valid expression where the
  // builder would put it: a new node never starts with a problem of its own.
  it.each(
    expressionOperatorTable.filter((operator) => operator.name !== 'get').map((operator) => operator.name),
  )('a new %s node is valid', (name) => {
    const node = newExpression(name, columns);
    const expression = toExpression(node);
    const operator = expressionOperatorTable.find((candidate) => candidate.name === name)!;
    const filter = slotAccepts(['boolean'], operator.returns) ? expression : ['==', expression, 1];
    expect(filterExpressionProblem(filter)).toBeNull();
  });

  it('makes the default child of each kind a valid one for its slot', () => {
    const [, value] = childRoles(expressionOperatorTable[0]!, 2);
    for (const kind of kindsFor(value!)) {
      const filter = back({
        ...newExpression('==', columns),
        children: [{ kind: 'property', name: 'a' }, nodeOfKind(kind, value!, columns)],
      });
      expect(filterExpressionProblem(filter)).toBeNull();
    }
  });

  it('starts a comparison with the first column and an empty value', () => {
    expect(back(newExpression('==', columns))).toEqual(['==', ['get', 'zone'], '']);
    expect(back(newExpression('all', columns))).toEqual(['all', ['==', ['get', 'zone'], '']]);
    expect(back(newExpression('case', columns))).toEqual(['case', ['==', ['get', 'zone'], ''], true, false]);
    expect(back(newExpression('has', columns))).toEqual(['has', 'zone']);
  });
});

describe('editing the tree', () => {
  it('keeps children that fit when the operator changes, and wraps a condition in all / any / not', () => {
    const equals = tree(['==', ['get', 'zone'], 'FZ3']);
    expect(back(withOperator(equals, '!=', columns))).toEqual(['!=', ['get', 'zone'], 'FZ3']);
    expect(back(withOperator(equals, '<', columns))).toEqual(['<', ['get', 'zone'], 'FZ3']);
    expect(back(withOperator(equals, 'all', columns))).toEqual(['all', ['==', ['get', 'zone'], 'FZ3']]);
    expect(back(withOperator(equals, '!', columns))).toEqual(['!', ['==', ['get', 'zone'], 'FZ3']]);
    expect(back(withOperator(equals, 'has', columns))).toEqual(['has', 'zone']);
    const sum = tree(['>', ['+', 1, 2, 3], 0]).children[0] as ExpressionNode;
    expect(toExpression(withOperator(sum, '*', columns))).toEqual(['*', 1, 2, 3]);
    expect(toExpression(withOperator(sum, '-', columns))).toEqual(['-', 1, 2]);
  });

  it('adds and removes children of variadic operators within their minimum', () => {
    let all = newExpression('all', columns);
    expect(canAddChild(all)).toBe(true);
    expect(canRemoveChild(all, 0)).toBe(false);
    all = addChild(all, columns);
    expect(back(all)).toEqual(['all', ['==', ['get', 'zone'], ''], ['==', ['get', 'zone'], '']]);
    expect(canRemoveChild(all, 1)).toBe(true);
    expect(back(removeChild(all, 0))).toEqual(['all', ['==', ['get', 'zone'], '']]);

    const sum = newExpression('+', columns);
    expect(canRemoveChild(sum, 0)).toBe(false);
    expect(toExpression(addChild(sum, columns))).toEqual(['+', ['get', 'zone'], 0, 0]);
    expect(canAddChild(newExpression('==', columns))).toBe(false);
    expect(canRemoveChild(newExpression('==', columns), 1)).toBe(false);
  });

  it('adds a pair of branches before the fallback and removes a whole pair', () => {
    let match = newExpression('match', columns);
    expect(back(match)).toEqual(['match', ['get', 'zone'], '', true, false]);
    match = addChild(match, columns);
    expect(back(match)).toEqual(['match', ['get', 'zone'], '', true, '', true, false]);
    expect(canRemoveChild(match, 0)).toBe(false);
    expect(canRemoveChild(match, 6)).toBe(false);
    expect(canRemoveChild(match, 4)).toBe(true);
    match = updateAt(match, [1], () => ({ kind: 'text', value: 'FZ3' })) as ExpressionNode;
    expect(back(removeChild(match, 2))).toEqual(['match', ['get', 'zone'], '', true, false]);
    expect(canRemoveChild(removeChild(match, 2), 1)).toBe(false);
  });

  it('changes a node deep in the tree by its path', () => {
    const node = tree(['all', ['has', 'ref'], ['==', ['get', 'zone'], 'FZ3']]);
    const changed = updateAt(node, [1, 1], () => ({ kind: 'text', value: 'FZ2' }));
    expect(back(changed)).toEqual(['all', ['has', 'ref'], ['==', ['get', 'zone'], 'FZ2']]);
    expect(back(node)).toEqual(['all', ['has', 'ref'], ['==', ['get', 'zone'], 'FZ3']]);
  });
});

describe('drafts: the builder, JSON, and the spec messages', () => {
  it('draws every feature with no filter', () => {
    expect(draftFilter({ mode: 'builder', tree: null })).toEqual({ expression: null, problem: null });
    expect(draftFilter({ mode: 'json', text: '  ' })).toEqual({ expression: null, problem: null });
    expect(draftOf(undefined)).toEqual({ mode: 'builder', tree: null });
  });

  it('shows the validator’s messages for what the builder made', () => {
    const bad = tree(['==', ['get', 'colour'], '#abcd']);
    expect(draftFilter({ mode: 'builder', tree: bad }).problem).toBe('Invalid HEX color');
    const cleared = updateAt(newExpression('<', columns), [1], () => ({ kind: 'number', value: null }));
    expect(draftFilter({ mode: 'builder', tree: cleared }).problem).toBe(expressionMessages.invalid);
    expect(draftFilter({ mode: 'builder', tree: tree(['<', ['get', 'a'], true]) }).problem).toBe(
      expressionMessages.notValidChild(true),
    );
  });

  it('round-trips between the builder and JSON', () => {
    const node = tree(['all', ['has', 'ref'], ['in', ['get', 'zone'], ['literal', ['FZ2', 'FZ3']]]]);
    const text = jsonOf(node);
    expect(JSON.parse(text)).toEqual([
      'all',
      ['has', 'ref'],
      ['in', ['get', 'zone'], ['literal', ['FZ2', 'FZ3']]],
    ]);
    expect(treeOfJson(text)).toEqual({ tree: node });
    expect(treeOfJson('')).toEqual({ tree: null });
    expect(treeOfJson('["all",')).toEqual({ problem: expressionMessages.invalid });
    expect(treeOfJson('["near", 1]')).toEqual({ problem: filterBuilderMessages.notInBuilder });
    expect(treeOfJson('"zone"')).toEqual({ problem: filterBuilderMessages.notInBuilder });
    expect(draftFilter({ mode: 'json', text: '["all", "yes"]' }).problem).toBe(
      expressionMessages.notValidChild('yes'),
    );
    expect(draftFilter({ mode: 'json', text: '["all",' }).problem).toBe(expressionMessages.invalid);
    // A stored filter the builder cannot show opens as JSON.
    expect(draftOf(['near', 1])).toEqual({ mode: 'json', text: '["near",1]' });
    expect(draftOf(['has', 'ref'])).toEqual({ mode: 'builder', tree: tree(['has', 'ref']) });
  });

  it('reads a filter as a sentence', () => {
    expect(describeExpression(['==', ['get', 'zone'], 'Flood Zone 3'])).toBe('zone == "Flood Zone 3"');
    expect(
      describeExpression(['all', ['has', 'ref'], ['any', ['>=', ['get', 'area'], 2], ['!', ['has', 'x']]]]),
    ).toBe('has ref and (area >= 2 or not (has x))');
    expect(describeExpression(['in', ['get', 'zone'], ['literal', ['FZ2', 'FZ3']]])).toBe(
      'zone in ["FZ2","FZ3"]',
    );
    expect(describeExpression(['>', ['+', ['get', 'a'], 1], 2])).toBe('+(a, 1) > 2');
  });
});
