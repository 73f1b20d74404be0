import { describe, expect, it } from 'vitest';
import { typeLabels } from './QuestionFields';

describe('question types in the builder', () => {
  it('are named without HTML control names', () => {
    expect(Object.values(typeLabels).join(' ')).not.toMatch(/Radio|Textarea|Checkbox|Select \(/);
  });
});
