import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { detectPersonalData, publicTextOf, type EditorNode } from '@planning/shared';
import { doc, hardBreak, paragraph, schema, text } from './editorTestDocs';
import { redact } from './markOps';
import { currentProposals, dropProposals, proposalPlugin, setProposals } from './proposalHighlights';
import { knownNames, proposalsIn, proposalStands } from './proposals';

const stateOf = (...content: EditorNode[]) =>
  EditorState.create({ schema, doc: schema.nodeFromJSON(doc(...content)), plugins: [proposalPlugin()] });

/** A letter as the correspondence form types it: a sender's block with hard breaks, then paragraphs. */
const letter = () =>
  stateOf(
    paragraph(text('Jane Doe'), hardBreak, text('14 Mill Lane'), hardBreak, text('Newtown ME1 2AB')),
    paragraph(text('Dear Sir,')),
    paragraph(text('I object to the plan. Call me on 01632 960123 or email jane.doe@example.org.')),
    paragraph(text('Yours faithfully,'), hardBreak, text('Jane Doe')),
  );

describe('proposalsIn', () => {
  it('turns what the detector finds in the plain text into editor ranges of the same text', () => {
    const state = letter();
    const proposals = proposalsIn(state.doc, ['Jane Doe'], detectPersonalData);
    const found = proposals.map((proposal) => [
      proposal.kind,
      state.doc.textBetween(proposal.from, proposal.to, '\n', '\n'),
    ]);
    expect(found).toEqual([
      ['name', 'Jane Doe'],
      ['address', '14 Mill Lane\nNewtown ME1 2AB'],
      ['telephone number', '01632 960123'],
      ['email address', 'jane.doe@example.org'],
      ['name', 'Jane Doe'],
    ]);
    for (const proposal of proposals) expect(proposalStands(state.doc, proposal)).toBe(true);
  });

  it('leaves out what is already redacted', () => {
    const state = letter();
    const [, , phone] = proposalsIn(state.doc, ['Jane Doe'], detectPersonalData);
    const tr = state.tr;
    // A redaction that covers only part of the number still hides the proposal.
    redact(tr, phone!.from, phone!.from + 5, { redactionType: 'other' });
    const after = state.apply(tr);
    const kinds = proposalsIn(after.doc, ['Jane Doe'], detectPersonalData).map((proposal) => proposal.kind);
    expect(kinds).toEqual(['name', 'address', 'email address', 'name']);
  });

  it('redacts an accepted address across hard breaks so the public reads only the placeholder', () => {
    const state = letter();
    const address = proposalsIn(state.doc, [], detectPersonalData).find(
      (proposal) => proposal.kind === 'address',
    )!;
    const after = state.apply(redact(state.tr, address.from, address.to, { redactionType: address.kind }));
    const publicText = publicTextOf(after.doc.toJSON() as EditorNode);
    // One placeholder for the whole address: the line breaks inside it go with it.
    expect(publicText.startsWith('Jane Doe\n[address redacted]\n\nDear Sir,')).toBe(true);
    expect(publicText).not.toContain('Mill Lane');
    expect(publicText).not.toContain('ME1');
  });
});

describe('the proposals in the editor (decorations, never saved)', () => {
  it('follows the text as it is edited, and drops a proposal once accepted, rejected or changed', () => {
    let state = letter();
    state = state.apply(setProposals(state.tr, proposalsIn(state.doc, ['Jane Doe'], detectPersonalData)));
    expect(currentProposals(state).map((proposal) => proposal.kind)).toEqual([
      'name',
      'address',
      'telephone number',
      'email address',
      'name',
    ]);
    expect(state.doc.toJSON()).toEqual(letter().doc.toJSON());

    // Typing before them moves them along.
    state = state.apply(state.tr.insertText('Ms ', 1));
    const phone = currentProposals(state).find((proposal) => proposal.kind === 'telephone number')!;
    expect(state.doc.textBetween(phone.from, phone.to)).toBe('01632 960123');
    // The address over two hard breaks is one proposal, at its whole extent.
    const address = currentProposals(state).find((proposal) => proposal.kind === 'address')!;
    expect(state.doc.textBetween(address.from, address.to, '\n', '\n')).toBe('14 Mill Lane\nNewtown ME1 2AB');

    // Accepted: now a redaction, no longer proposed.
    state = state.apply(redact(state.tr, phone.from, phone.to, { redactionType: phone.kind }));
    expect(currentProposals(state).map((proposal) => proposal.kind)).toEqual([
      'name',
      'address',
      'email address',
      'name',
    ]);

    // Rejected: gone for this session.
    const email = currentProposals(state).find((proposal) => proposal.kind === 'email address')!;
    state = state.apply(dropProposals(state.tr, [email.id]));
    expect(currentProposals(state).map((proposal) => proposal.kind)).toEqual(['name', 'address', 'name']);

    // Its text changed: not what was found any more.
    const lastName = currentProposals(state).at(-1)!;
    state = state.apply(state.tr.insertText('X', lastName.from + 2));
    expect(currentProposals(state).map((proposal) => proposal.kind)).toEqual(['name', 'address']);
  });
});

describe('knownNames', () => {
  it('keeps each name once and leaves out blanks and initials', () => {
    expect(knownNames(['Jane Doe', ' Jane Doe ', null], ['J', '', undefined, 'Sam Agent'])).toEqual([
      'Jane Doe',
      'Sam Agent',
    ]);
  });
});
