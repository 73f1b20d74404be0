import type { Node as PMNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import {
  editorDocSchema,
  marksOf,
  publicDocOf,
  publicTextOf,
  type EditorNode,
  type RedactionType,
} from '@planning/shared';
import { paragraph, schema, stateOf, text } from './editorTestDocs';
import {
  changesRedactions,
  lastRemovedIds,
  markPieces,
  pieceAt,
  redact,
  redactionsOf,
  removeMarksWithId,
  removePiece,
  selectionAsDoc,
} from './markOps';

const at = (doc: PMNode, snippet: string) => {
  let found = -1;
  doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text!.includes(snippet)) found = pos + node.text!.indexOf(snippet);
  });
  if (found < 0) throw new Error(`no "${snippet}"`);
  return { from: found, to: found + snippet.length };
};
const redaction = (docId: string, redactionType: RedactionType = 'name') =>
  ({ type: 'redaction', attrs: { redactionType, comment: null, docId, by: null, at: null } }) as const;

describe('the marks and the shared editor schema', () => {
  it('saves every spec mark and the figure with the attributes the server checks', () => {
    let state = stateOf(paragraph(text('Jane Doe of 14 Mill Lane objects to site 12 and the green belt.')));
    const tr = state.tr;
    redact(tr, at(tr.doc, 'Jane Doe').from, at(tr.doc, 'Jane Doe').to, {
      redactionType: 'name',
      comment: 'The objector',
    });
    const site = at(tr.doc, 'site 12');
    tr.addMark(
      site.from,
      site.to,
      schema.marks.map!.create({ siteIds: ['12'], layerIds: ['layer-1'], featureIds: ['layer-1:7'] }),
    );
    const belt = at(tr.doc, 'green belt');
    tr.addMark(belt.from, belt.to, schema.marks.tag!.create({ tagIds: ['topic-1', 'topic-2'] }));
    tr.addMark(
      belt.from,
      belt.to,
      schema.marks.subRepresentation!.create({ subRepId: 'sub-1', docId: 'd-1', comment: null }),
    );
    tr.insert(
      tr.doc.content.size,
      schema.nodes.figure!.create({ src: '/api/v1/files/plan.png', alt: 'Plan', title: 'The plan' }),
    );
    state = state.apply(tr);

    const json = state.doc.toJSON() as EditorNode;
    const parsed = editorDocSchema.safeParse(json);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const [name] = marksOf(json, 'redaction');
    expect(name!.text).toBe('Jane Doe');
    expect(name!.mark.attrs).toMatchObject({
      redactionType: 'name',
      comment: 'The objector',
      by: null,
      at: null,
    });
    expect(name!.mark.attrs.docId).toMatch(/^[0-9a-f-]{36}$/);
    expect(marksOf(json, 'map')[0]!.mark.attrs).toEqual({
      siteIds: ['12'],
      layerIds: ['layer-1'],
      featureIds: ['layer-1:7'],
    });
    expect(marksOf(json, 'tag')[0]!.mark.attrs).toEqual({ tagIds: ['topic-1', 'topic-2'] });
    expect(marksOf(json, 'subRepresentation')[0]!.mark.attrs).toEqual({
      subRepId: 'sub-1',
      docId: 'd-1',
      comment: null,
    });
  });

  it('gives the public a placeholder where the redacted text was, and none of the text', () => {
    let state = stateOf(
      paragraph(text('Please ring me on 01632 960123 or write.')),
      paragraph(text('Regards')),
    );
    const tr = state.tr;
    const phone = at(tr.doc, '01632 960123');
    redact(tr, phone.from, phone.to, { redactionType: 'telephone number' });
    state = state.apply(tr);
    const json = state.doc.toJSON() as EditorNode;
    expect(publicTextOf(json)).toBe('Please ring me on [telephone number redacted] or write.\n\nRegards');
    expect(JSON.stringify(publicDocOf(json))).not.toContain('960123');
  });

  it('keeps one redaction across a bold word as one placeholder', () => {
    const state = stateOf(
      paragraph(
        text('Mrs ', [redaction('r1')]),
        text('Jane', [{ type: 'bold' }, redaction('r1')]),
        text(' Doe', [redaction('r1')]),
        text(' wrote'),
      ),
    );
    // Three text runs (the bold word is its own), one stretch of the one redaction.
    expect(state.doc.firstChild!.childCount).toBe(4);
    expect(markPieces(state.doc, 'redaction')).toEqual([expect.objectContaining({ from: 1, to: 13 })]);
    expect(redactionsOf(state.doc)).toEqual([
      expect.objectContaining({ docId: 'r1', redactionType: 'name', text: 'Mrs Jane Doe' }),
    ]);
    expect(publicTextOf(state.doc.toJSON() as EditorNode)).toBe('[name redacted] wrote');
  });
});

describe('removing marks (spec 02 §4: the caller hears only when the last mark of an id goes)', () => {
  const split = () =>
    stateOf(
      paragraph(text('Jane Doe', [redaction('r1')]), text(' wrote from ')),
      paragraph(text('Jane Doe', [redaction('r1')]), text(' again')),
    );

  it('does not report an id while another piece of it is left', () => {
    const state = split();
    const first = pieceAt(state.doc, 2, 'redaction')!;
    const after = state.apply(removePiece(state.tr, first));
    expect(markPieces(after.doc, 'redaction')).toHaveLength(1);
    expect(lastRemovedIds(state.doc, after.doc, 'redaction')).toEqual([]);
    const last = markPieces(after.doc, 'redaction')[0]!;
    const gone = after.apply(removePiece(after.tr, last));
    expect(lastRemovedIds(after.doc, gone.doc, 'redaction')).toEqual(['r1']);
  });

  it('removes every piece of an id from the list at once', () => {
    const state = split();
    const after = state.apply(removeMarksWithId(state.tr, 'redaction', 'r1'));
    expect(markPieces(after.doc, 'redaction')).toEqual([]);
    expect(lastRemovedIds(state.doc, after.doc, 'redaction')).toEqual(['r1']);
  });

  it('takes one topic off a tag of several, and the mark with its last topic', () => {
    const tag = (...tagIds: string[]) => ({ type: 'tag', attrs: { tagIds } }) as const;
    const state = stateOf(
      paragraph(text('Green belt', [tag('t1', 't2')]), text(' and '), text('traffic', [tag('t2')])),
    );
    const once = state.apply(removeMarksWithId(state.tr, 'tag', 't1'));
    expect(lastRemovedIds(state.doc, once.doc, 'tag')).toEqual(['t1']);
    expect(markPieces(once.doc, 'tag').map((piece) => piece.mark.attrs.tagIds)).toEqual([['t2'], ['t2']]);
    const first = pieceAt(once.doc, 1, 'tag')!;
    const twice = once.apply(removePiece(once.tr, first));
    expect(lastRemovedIds(once.doc, twice.doc, 'tag')).toEqual([]);
    expect(lastRemovedIds(twice.doc, once.doc, 'tag')).toEqual([]);
  });

  it('reports a site of a map mark once its last mark goes', () => {
    const map = (siteIds: string[]) =>
      ({ type: 'map', attrs: { siteIds, layerIds: [] as string[], featureIds: [] as string[] } }) as const;
    const state = stateOf(
      paragraph(text('site 12', [map(['12'])]), text(' and '), text('site 40', [map(['12', '40'])])),
    );
    const after = state.apply(removeMarksWithId(state.tr, 'map', '12'));
    expect(lastRemovedIds(state.doc, after.doc, 'map')).toEqual(['12']);
    expect(markPieces(after.doc, 'map').map((piece) => piece.mark.attrs.siteIds)).toEqual([['40']]);
  });
});

describe('changesRedactions (issue 25 point 6: what is saved as it happens)', () => {
  const letter = () =>
    stateOf(
      paragraph(text('Jane Doe', [redaction('r1')]), text(' wrote about '), text('traffic')),
      paragraph(text('Ring 01632 960123')),
    );

  it('tells a redaction added, removed, cut in part or changed', () => {
    const state = letter();
    const phone = at(state.doc, '01632 960123');
    const added = redact(state.tr, phone.from, phone.to, { redactionType: 'telephone number' });
    expect(changesRedactions(added)).toBe(true);
    expect(changesRedactions(removeMarksWithId(state.tr, 'redaction', 'r1'))).toBe(true);
    expect(changesRedactions(removePiece(state.tr, pieceAt(state.doc, 2, 'redaction')!))).toBe(true);
    const name = at(state.doc, 'Jane Doe');
    const retyped = redact(state.tr, name.from, name.to, { redactionType: 'other', docId: 'r1' });
    expect(changesRedactions(retyped)).toBe(true);
  });

  it('tells the last text of a redaction deleted, and brought back', () => {
    const state = letter();
    const name = at(state.doc, 'Jane Doe');
    const deleted = state.tr.delete(name.from, name.to);
    expect(changesRedactions(deleted)).toBe(true);
    const after = state.apply(deleted);
    const restored = after.tr.insert(name.from, state.doc.slice(name.from, name.to).content);
    expect(changesRedactions(restored)).toBe(true);
  });

  it('leaves typing, inside a redacted word too, and other marks to Save', () => {
    const state = letter();
    expect(changesRedactions(state.tr.insertText('Mrs ', 1))).toBe(false);
    expect(changesRedactions(state.tr.insertText('x', 3))).toBe(false);
    const traffic = at(state.doc, 'traffic');
    const tagged = state.tr.addMark(traffic.from, traffic.to, schema.marks.tag!.create({ tagIds: ['t1'] }));
    expect(changesRedactions(tagged)).toBe(false);
  });
});

describe('selectionAsDoc (a sub-representation from the selected text)', () => {
  const state = stateOf(
    paragraph(
      text('First point about '),
      text('traffic', [{ type: 'subRepresentation', attrs: { subRepId: 's', docId: 'd', comment: null } }]),
      text('.'),
    ),
    paragraph(
      text('Second point: '),
      text('01632 960123', [redaction('r9', 'telephone number')]),
      text(' is mine.'),
    ),
  );

  it('wraps a selection inside one paragraph in a paragraph, without sub-representation marks', () => {
    const { from } = at(state.doc, 'about');
    const content = selectionAsDoc(state.doc, from, at(state.doc, '.').to);
    expect(content).toEqual({
      type: 'doc',
      content: [paragraph(text('about '), text('traffic'), text('.'))],
    });
    expect(editorDocSchema.safeParse(content).success).toBe(true);
  });

  it('keeps whole blocks and redactions when the selection spans paragraphs', () => {
    const content = selectionAsDoc(
      state.doc,
      at(state.doc, 'point about').from,
      at(state.doc, ' is mine').to,
    );
    expect(editorDocSchema.safeParse(content).success).toBe(true);
    expect(content.content).toHaveLength(2);
    expect(publicTextOf(content)).toBe(
      'point about traffic.\n\nSecond point: [telephone number redacted] is mine',
    );
  });
});
