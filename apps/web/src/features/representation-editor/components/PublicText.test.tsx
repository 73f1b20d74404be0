import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { EditorNode } from '@planning/shared';
import { PublicText } from './PublicText';

const redaction = (docId: string, redactionType: 'telephone number' | 'name') =>
  ({
    type: 'redaction',
    attrs: { redactionType, comment: 'Private', docId, by: 'Olu Officer', at: '2026-11-25T10:00:00.000Z' },
  }) as const;

const letter: EditorNode = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Call me on ' },
        { type: 'text', text: '01632 ', marks: [redaction('r1', 'telephone number')] },
        { type: 'text', text: '960123', marks: [{ type: 'bold' }, redaction('r1', 'telephone number')] },
        { type: 'text', text: ' about the ' },
        {
          type: 'text',
          text: 'green belt',
          marks: [
            { type: 'tag', attrs: { tagIds: ['t1'] } },
            { type: 'subRepresentation', attrs: { subRepId: 's1', docId: 'd1', comment: 'Staff note' } },
          ],
        },
        { type: 'text', text: '.' },
      ],
    },
    { type: 'paragraph', content: [{ type: 'text', text: 'Jane Doe', marks: [redaction('r2', 'name')] }] },
  ],
};

describe('PublicText (the public view)', () => {
  const html = renderToStaticMarkup(<PublicText doc={letter} />);

  it('puts each redaction’s placeholder on the page, once, and none of what was redacted', () => {
    expect(html).toContain('<span class="rep-placeholder">[telephone number redacted]</span>');
    expect(html).toContain('[name redacted]');
    expect(html.match(/telephone number redacted/g)).toHaveLength(1);
    for (const secret of ['01632', '960123', 'Jane', 'Doe']) expect(html).not.toContain(secret);
  });

  it('leaves out staff-only marks, their comments and who redacted', () => {
    expect(html).toContain('about the green belt.');
    for (const staffOnly of ['Staff note', 'Private', 'Olu Officer', 't1', 's1', 'rep-mark'])
      expect(html).not.toContain(staffOnly);
  });
});
