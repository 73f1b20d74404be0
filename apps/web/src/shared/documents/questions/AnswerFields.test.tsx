import { simpleQuestionSchema } from '@planning/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerFields } from './AnswerFields';

const render = (question: object, value: string | string[], conditional = '') =>
  renderToStaticMarkup(
    <AnswerFields
      question={simpleQuestionSchema.parse(question)}
      titleId="title"
      draft={{ value, conditional }}
      onChange={() => {}}
      error={null}
      disabled={false}
    />,
  );

describe('AnswerFields counters (spec 02 §5: max length 1000 by default, with a character count)', () => {
  it('shows the count of a text answer against the default 1000, tied to the box', () => {
    const html = render({ id: 'q', title: 'Comments', type: 'textQuestion' }, 'Hello');
    expect(html).toContain('5 / 1000 characters');
    expect(html).toMatch(/maxLength="1000"|maxlength="1000"/);
    const counterId = /<p id="([^"]+)" class="question-counter"/.exec(html)?.[1];
    expect(counterId).toBeTruthy();
    expect(html).toContain(`aria-describedby="${counterId}"`);
  });

  it('uses the question’s own maximum', () => {
    expect(render({ id: 'q', title: 'Short', type: 'textQuestion', maxLength: 50 }, 'abc')).toContain(
      '3 / 50 characters',
    );
  });

  it('counts the conditional text box once its option is chosen, and hides it otherwise', () => {
    const question = {
      id: 'q',
      title: 'Agree?',
      type: 'radioQuestion',
      options: [{ title: 'Yes' }, { title: 'No' }],
      conditional: { if: 'No', show: 'textarea', title: 'Please tell us why' },
    };
    expect(render(question, 'Yes')).not.toContain('Please tell us why');
    const shown = render(question, 'No', 'Too many cars');
    expect(shown).toContain('Please tell us why');
    expect(shown).toContain('13 / 1000 characters');
  });

  it('shows the checkbox limits and ticks the picks', () => {
    const html = render(
      {
        id: 'q',
        title: 'Priorities',
        type: 'checkboxQuestion',
        options: [{ title: 'Homes' }, { title: 'Parks' }, { title: 'Roads' }],
        minSelected: 1,
        maxSelected: 2,
      },
      ['Parks'],
    );
    expect(html).toContain('Select between 1 and 2 options.');
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="Parks"/);
  });

  it('lays horizontal options out in a row, each with its 114×114 picture and description', () => {
    const html = render(
      {
        id: 'q',
        title: 'Which design?',
        type: 'radioQuestion',
        orientation: 'horizontal',
        options: [
          { title: 'Terraces', description: 'Two storeys', imageURL: 'https://example.org/terraces.png' },
          { title: 'Flats' },
        ],
      },
      '',
    );
    expect(html).toContain('question-options--horizontal');
    expect(html).toMatch(
      /<img[^>]*src="https:\/\/example.org\/terraces.png"[^>]*alt=""[^>]*width="114"[^>]*height="114"/,
    );
    expect(html).toContain('Two storeys');
    expect(html.match(/<img/g)).toHaveLength(1);
  });
});
