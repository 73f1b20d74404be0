import type { Node as PMNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { plainTextOf, type EditorNode } from '@planning/shared';
import { doc, hardBreak, paragraph, schema, text } from './editorTestDocs';
import { editorRangeOf, plainTextWithPositions, rangeHasMark } from './textPositions';

const docOf = (json: EditorNode): PMNode => schema.nodeFromJSON(json);

/** Documents of every shape the text can take: the mapping must hold for each. */
const cases: [string, EditorNode][] = [
  ['one paragraph', doc(paragraph(text('Call me on 01632 960123 please.')))],
  [
    'paragraphs and a hard break',
    doc(paragraph(text('Jane Doe'), hardBreak, text('14 Mill Lane')), paragraph(text('Tel 07700 900123'))),
  ],
  [
    'empty paragraphs at either end and between',
    doc(
      paragraph(),
      paragraph(text('  Dear Sir,')),
      paragraph(),
      paragraph(),
      paragraph(text('Regards ')),
      paragraph(),
    ),
  ],
  [
    'a hard break at a paragraph end',
    doc(paragraph(text('Line one'), hardBreak), paragraph(text('Line two'))),
  ],
  ['runs of hard breaks', doc(paragraph(text('a'), hardBreak, hardBreak, hardBreak, hardBreak, text('b')))],
  [
    'marks splitting the text',
    doc(
      paragraph(
        text('Call '),
        text('Jane', [{ type: 'bold' }]),
        text(' on '),
        text('01632 960123', [{ type: 'italic' }]),
      ),
    ),
  ],
  [
    'heading, lists and a quote',
    doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Objection')] },
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph(text('First point'))] },
          { type: 'listItem', content: [paragraph(text('Second'))] },
        ],
      },
      { type: 'blockquote', content: [paragraph(text('Quoted'), hardBreak, text('twice'))] },
      {
        type: 'orderedList',
        attrs: { start: 1, type: null },
        content: [{ type: 'listItem', content: [paragraph(text('One'))] }],
      },
    ),
  ],
  [
    'a figure with alt text',
    doc(
      paragraph(text('See the plan')),
      {
        type: 'figure',
        attrs: { src: '/api/v1/files/plan.png', alt: 'Plan of 14 Mill Lane', title: 'Plan' },
      },
      paragraph(text('below')),
    ),
  ],
];

describe('plainTextWithPositions', () => {
  it.each(cases)(
    'writes the shared plain text of %s, each character at its place in the editor',
    (_name, json) => {
      const node = docOf(json);
      const plain = plainTextWithPositions(node);
      expect(plain.text).toBe(plainTextOf(node.toJSON() as EditorNode));
      expect(plain.positions).toHaveLength(plain.text.length);
      plain.positions.forEach((pos, index) => {
        if (pos !== null) expect(node.textBetween(pos, pos + 1)).toBe(plain.text[index]);
      });
    },
  );

  it('has no editor place for the breaks between blocks, hard breaks or alt text', () => {
    const plain = plainTextWithPositions(docOf(cases[1]![1]));
    expect(plain.text).toBe('Jane Doe\n14 Mill Lane\n\nTel 07700 900123');
    expect(plain.positions[8]).toBeNull(); // the hard break
    expect(plain.positions[21]).toBeNull(); // the blank line
    expect(plain.positions[22]).toBeNull();
    expect(plain.positions[23]).toBe(24); // 'T': past the first paragraph (22 = 1 + 8 + 1 + 12) and its close and open
  });
});

describe('editorRangeOf', () => {
  const node = docOf(cases[1]![1]);
  const plain = plainTextWithPositions(node);

  it('maps a range inside one text run', () => {
    const from = plain.text.indexOf('07700');
    const range = editorRangeOf(plain, from, from + '07700 900123'.length)!;
    expect(node.textBetween(range.from, range.to)).toBe('07700 900123');
  });

  it('maps a range across a hard break', () => {
    const from = plain.text.indexOf('Doe');
    const range = editorRangeOf(plain, from, plain.text.indexOf('Lane') + 4)!;
    expect(node.textBetween(range.from, range.to, '\n', '\n')).toBe('Doe\n14 Mill Lane');
  });

  it('maps a range across paragraphs', () => {
    const from = plain.text.indexOf('Mill');
    const range = editorRangeOf(plain, from, plain.text.indexOf('Tel') + 3)!;
    expect(node.textBetween(range.from, range.to, '|')).toBe('Mill Lane|Tel');
  });

  it('leaves out breaks at either end of the range', () => {
    const start = plain.text.indexOf('\n\n');
    const range = editorRangeOf(plain, start, start + 5)!;
    expect(node.textBetween(range.from, range.to)).toBe('Tel');
  });

  it('gives nothing for a range of breaks alone or of alt text alone', () => {
    const start = plain.text.indexOf('\n\n');
    expect(editorRangeOf(plain, start, start + 2)).toBeNull();
    const figure = docOf(cases[7]![1]);
    const withFigure = plainTextWithPositions(figure);
    const alt = withFigure.text.indexOf('Plan of');
    expect(editorRangeOf(withFigure, alt, alt + 'Plan of 14 Mill Lane'.length)).toBeNull();
  });

  it('clamps a range past the end of the text', () => {
    const range = editorRangeOf(plain, plain.text.length - 3, plain.text.length + 10)!;
    expect(node.textBetween(range.from, range.to)).toBe('123');
  });
});

describe('rangeHasMark', () => {
  it('tells whether any text of the range carries the mark', () => {
    const node = docOf(
      doc(
        paragraph(
          text('Ring '),
          text('01632 960123', [
            {
              type: 'redaction',
              attrs: { redactionType: 'telephone number', docId: 'r1', comment: null, by: null, at: null },
            },
          ]),
          text(' today'),
        ),
      ),
    );
    expect(rangeHasMark(node, 1, 6, 'redaction')).toBe(false);
    expect(rangeHasMark(node, 4, 8, 'redaction')).toBe(true);
    expect(rangeHasMark(node, 18, 24, 'redaction')).toBe(false);
  });
});
