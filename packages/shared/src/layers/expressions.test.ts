import { describe, expect, it } from 'vitest';
import { expressionMessages, filterExpressionProblem } from './expressions';
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
});
