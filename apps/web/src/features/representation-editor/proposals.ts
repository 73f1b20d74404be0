import type { Node as PMNode } from '@tiptap/pm/model';
import type { PersonalDataKind, PersonalDataProposal } from '@planning/shared';
import { editorRangeOf, plainTextWithPositions, rangeHasMark } from './textPositions';

/**
 * Issue 15 point 4: personal data the detector finds in the editor's text, proposed for redaction.
 * A proposal is an editor range (not a mark: nothing is saved until an officer accepts it).
 */
export type Proposal = { id: string; kind: PersonalDataKind; text: string; from: number; to: number };

export type Detector = (text: string, known: { names: string[] }) => PersonalDataProposal[];

/**
 * The detector's finds in the document's plain text as editor ranges; those over text already
 * redacted are left out (spec: "Proposals overlapping an existing redaction are not shown").
 */
export function proposalsIn(doc: PMNode, names: string[], detect: Detector): Proposal[] {
  const plain = plainTextWithPositions(doc);
  const proposals: Proposal[] = [];
  for (const found of detect(plain.text, { names })) {
    const range = editorRangeOf(plain, found.from, found.to);
    if (!range || rangeHasMark(doc, range.from, range.to, 'redaction')) continue;
    proposals.push({
      id: `${found.kind}:${range.from}:${range.to}`,
      kind: found.kind,
      text: found.text,
      ...range,
    });
  }
  return proposals;
}

/**
 * Whether a proposal still stands where it was made: its text unchanged (an edit may have moved or
 * changed it; positions are mapped through edits) and nothing of it redacted since.
 */
export function proposalStands(doc: PMNode, proposal: Proposal): boolean {
  if (proposal.from >= proposal.to || proposal.to > doc.content.size) return false;
  // Text across blocks reads with the plain text's separators; compare letters and digits only.
  const squash = (text: string) => text.replace(/[^\p{L}\p{N}@.+]/gu, '');
  if (squash(doc.textBetween(proposal.from, proposal.to, '\n')) !== squash(proposal.text)) return false;
  return !rangeHasMark(doc, proposal.from, proposal.to, 'redaction');
}

/** The names the detector should know: the representee's, the agent's and the organisation's people. */
export function knownNames(...groups: (string | null | undefined)[][]): string[] {
  const seen = new Set<string>();
  for (const group of groups)
    for (const name of group) {
      const trimmed = name?.trim();
      if (trimmed && trimmed.length > 1) seen.add(trimmed);
    }
  return [...seen];
}
