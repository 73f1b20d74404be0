import { describe, expect, it } from 'vitest';
import {
  expressionMessages,
  expressionOperator,
  expressionOperatorTable,
  expressionOperators,
  filterExpressionProblem,
  operatorSlots,
  slotAccepts,
} from './expressions';
import { layerStyleSchema } from './style';

describe('filter expressions (spec 03 §5)', () => {
  it.each([
    [['==', ['get', 'zone'], 'Flood Zone 3'], null],
    [['all', ['has', 'ref'], ['>=', ['get', 'area'], 2.5]], null],
    [['any', ['!', ['has', 'ref']], ['in', ['get', 'zone'], ['literal', ['FZ2', 'FZ3']]]], null],
    [['case', ['has', 'ref'], true, false], null],
    [['match', ['get', 'zone'], 'FZ3', true, false], null],
    [['==', ['rgb', 255, 0, 0], '#f00'], null],
    [['==', ['get', 'colour'], '#abcd'], 'Invalid HEX color'],
    [['all', 'yes'], expressionMessages.notValidChild('yes')],
    [['!', 3], expressionMessages.notValidChild(3)],
    [['==', ['rgb', 256, 0, 0], 'x'], expressionMessages.notValidChild(256)],
    [['==', ['rgba', 1, 2, 3, 1.5], 'x'], expressionMessages.notValidChild(1.5)],
    [['<', true, 3], expressionMessages.notValidChild(true)],
    [['==', ['get', 'a']], expressionMessages.invalid],
    [['near', 1, 2], expressionMessages.invalid],
    [['get', 'a'], null],
    [['+', 1, 2], expressionMessages.invalid],
    [['+', 1], expressionMessages.invalid],
    [['>', ['+', ['get', 'a'], 1, 2], ['*', 2, ['zoom']]], null],
    [['all'], expressionMessages.invalid],
    [['!', true, false], expressionMessages.invalid],
    [['zoom', 1], expressionMessages.invalid],
    [['case', ['has', 'ref'], true], expressionMessages.invalid],
    [['case', 'yes', true, false], expressionMessages.notValidChild('yes')],
    [['match', ['get', 'zone'], ['FZ2', 'FZ3'], true, 1, false, false], null],
    [['match', ['get', 'zone'], true, true, false], expressionMessages.notValidChild(true)],
    [['match', ['get', 'zone'], [['FZ3']], true, false], expressionMessages.notValidChild([['FZ3']])],
    [['match', ['get', 'zone'], [], true, false], expressionMessages.notValidChild([])],
    [['match', ['get', 'zone'], 'FZ3', true], expressionMessages.invalid],
    [['==', ['get', 'colour'], 'rgb(1, 2, 3)'], null],
    [
      ['==', ['get', 'colour'], 'rgb(300, 2, 3)'],
      'Colours are rgb(), rgba() or a hex colour of 3 or 6 digits',
    ],
    ['zone', expressionMessages.invalid],
  ])('%j', (expression, problem) => {
    expect(filterExpressionProblem(expression)).toBe(problem);
  });

  it('is checked in a layer style', () => {
    const style = (filter: unknown) =>
      layerStyleSchema.safeParse({ type: 'fill', paint: {}, layout: {}, filter });
    expect(style(['==', ['get', 'zone'], 'FZ3']).success).toBe(true);
    const refused = style(['all', 'yes']);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(expressionMessages.notValidChild('yes'));
  });

  describe('the operator table (one for the validator and the builder)', () => {
    it('names each operator once, in the list the builder offers', () => {
      expect(new Set(expressionOperators).size).toBe(expressionOperatorTable.length);
      expect(expressionOperators).toEqual(expressionOperatorTable.map((operator) => operator.name));
      for (const operator of expressionOperatorTable)
        expect(expressionOperator(operator.name)).toBe(operator);
    });

    it('gives the slots of fixed, repeated and branching children', () => {
      const op = (name: string) => expressionOperator(name)!;
      expect(operatorSlots(op('=='), 2)).toEqual([['value'], ['value']]);
      expect(operatorSlots(op('=='), 3)).toBeNull();
      expect(operatorSlots(op('all'), 0)).toBeNull();
      expect(operatorSlots(op('all'), 3)).toEqual([['boolean'], ['boolean'], ['boolean']]);
      expect(operatorSlots(op('+'), 1)).toBeNull();
      expect(operatorSlots(op('case'), 3)).toEqual([['boolean'], ['value'], ['value']]);
      expect(operatorSlots(op('case'), 4)).toBeNull();
      expect(operatorSlots(op('match'), 6)).toEqual([
        ['value'],
        ['string', 'number', 'array'],
        ['value'],
        ['string', 'number', 'array'],
        ['value'],
        ['value'],
      ]);
    });

    it('accepts a child in a slot as the validator does', () => {
      expect(slotAccepts(['boolean'], 'boolean')).toBe(true);
      expect(slotAccepts(['boolean'], 'string')).toBe(false);
      expect(slotAccepts(['boolean'], 'value')).toBe(true);
      expect(slotAccepts(['string'], 'color')).toBe(true);
      expect(slotAccepts(['number'], 'color')).toBe(false);
    });

    // Each operator with the smallest number of children its table row allows, every child a
    // property (which fits any slot): valid exactly when the operator gives true or false.
    it.each(expressionOperatorTable.map((operator) => [operator.name, operator] as const))(
      '%s: the table decides the validator’s arity',
      (name, operator) => {
        const { children } = operator;
        const count =
          children.kind === 'fixed'
            ? children.slots.length
            : children.kind === 'each'
              ? children.min
              : children.head.length + 3;
        const child = (index: number) => {
          if (operator.propertyName) return 'zone';
          const label = children.kind === 'branches' && children.labels && index === children.head.length;
          return label ? 'FZ3' : ['get', `p${index}`];
        };
        const expression = [name, ...Array.from({ length: count }, (_, index) => child(index))];
        const boolean = slotAccepts(['boolean'], operator.returns);
        expect(filterExpressionProblem(expression)).toBe(boolean ? null : expressionMessages.invalid);
        expect(filterExpressionProblem(['all', [name, ...expression.slice(1), ['get', 'extra']]])).toBe(
          children.kind === 'each'
            ? boolean
              ? null
              : expressionMessages.notValidChild([name, ...expression.slice(1), ['get', 'extra']])
            : expressionMessages.invalid,
        );
      },
    );
  });
});
