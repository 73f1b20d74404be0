import type { Mark as PMMark, Node as PMNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { AddMarkStep, RemoveMarkStep, type Step } from '@tiptap/pm/transform';
import type { EditorNode, RedactionType } from '@planning/shared';
import { randomUuid } from '../../platform/randomUuid';

/**
 * What the editor does with its marks, as functions of ProseMirror documents and transactions (no
 * view), so they are tested without a browser.
 */

export type SpecMarkType = 'redaction' | 'tag' | 'map' | 'subRepresentation';

/**
 * The ids a mark stands for: a redaction's and a sub-representation's docId, a tag's topics, a
 * map mark's sites. Spec 02 §4 "Removing a redaction or tag notifies the caller only when the last
 * mark of that id is removed": these are the ids counted.
 */
export function idsOfMark(mark: PMMark): string[] {
  switch (mark.type.name) {
    case 'redaction':
    case 'subRepresentation':
      return mark.attrs.docId ? [String(mark.attrs.docId)] : [];
    case 'tag':
      return ((mark.attrs.tagIds as string[] | null) ?? []).map(String);
    case 'map':
      return ((mark.attrs.siteIds as string[] | null) ?? []).map(String);
    default:
      return [];
  }
}

/** Every id of marks of that type in the document. */
export function markIdsIn(doc: PMNode, type: SpecMarkType): Set<string> {
  const ids = new Set<string>();
  doc.descendants((node) => {
    for (const mark of node.marks) if (mark.type.name === type) idsOfMark(mark).forEach((id) => ids.add(id));
  });
  return ids;
}

/** The ids whose last mark went between two versions of a document. */
export function lastRemovedIds(before: PMNode, after: PMNode, type: SpecMarkType): string[] {
  const still = markIdsIn(after, type);
  return [...markIdsIn(before, type)].filter((id) => !still.has(id));
}

/**
 * Whether a change to the document added, removed or changed a redaction (issue 25 point 6: each
 * is saved as it happens): a redaction mark put on or taken off any text, or the last text of a
 * redaction deleted (or brought back by undo). Typing inside a redacted word is an edit of the
 * text, not of the redactions.
 */
export function changesRedactions(change: { steps: readonly Step[]; before: PMNode; doc: PMNode }): boolean {
  const marksRedaction = (step: Step) =>
    (step instanceof AddMarkStep || step instanceof RemoveMarkStep) && step.mark.type.name === 'redaction';
  if (change.steps.some(marksRedaction)) return true;
  return (
    lastRemovedIds(change.before, change.doc, 'redaction').length > 0 ||
    lastRemovedIds(change.doc, change.before, 'redaction').length > 0
  );
}

export type MarkPiece = { from: number; to: number; mark: PMMark };

/**
 * The runs of text under marks of that type, one per contiguous stretch with the same attributes
 * (a redaction across two paragraphs is two pieces with one docId).
 */
export function markPieces(doc: PMNode, type: SpecMarkType): MarkPiece[] {
  const pieces: MarkPiece[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText) return;
    const mark = node.marks.find((candidate) => candidate.type.name === type);
    if (!mark) return;
    const last = pieces.at(-1);
    if (last && last.to === pos && last.mark.eq(mark)) last.to = pos + node.nodeSize;
    else pieces.push({ from: pos, to: pos + node.nodeSize, mark });
  });
  return pieces;
}

/** The piece of a mark of that type around a position (where an officer clicked), if any. */
export function pieceAt(doc: PMNode, pos: number, type: SpecMarkType): MarkPiece | null {
  return markPieces(doc, type).find((piece) => piece.from <= pos && pos <= piece.to) ?? null;
}

/** Removes one piece (the one clicked) of a mark. */
export function removePiece(tr: Transaction, piece: MarkPiece): Transaction {
  return tr.removeMark(piece.from, piece.to, piece.mark);
}

/** Removes every piece of the marks of that type that stand for `id` (from the side list). */
export function removeMarksWithId(tr: Transaction, type: SpecMarkType, id: string): Transaction {
  for (const piece of markPieces(tr.doc, type)) {
    if (!idsOfMark(piece.mark).includes(id)) continue;
    if (type === 'tag' || type === 'map') {
      // A tag of several topics loses only this one; with none left the mark goes.
      const key = type === 'tag' ? 'tagIds' : 'siteIds';
      const rest = ((piece.mark.attrs[key] as string[]) ?? []).filter((value) => value !== id);
      tr.removeMark(piece.from, piece.to, piece.mark);
      const keep =
        type === 'map'
          ? rest.length > 0 || (piece.mark.attrs.featureIds as string[]).length > 0
          : rest.length > 0;
      if (keep)
        tr.addMark(piece.from, piece.to, piece.mark.type.create({ ...piece.mark.attrs, [key]: rest }));
    } else {
      tr.removeMark(piece.from, piece.to, piece.mark);
    }
  }
  return tr;
}

/** A new id for a mark (the shared schema's docId). */
export const newDocId = (): string => randomUuid();

/** Redacts [from, to): a redaction mark of that type with a new docId. */
export function redact(
  tr: Transaction,
  from: number,
  to: number,
  attrs: { redactionType: RedactionType; comment?: string | null; docId?: string },
): Transaction {
  const type = tr.doc.type.schema.marks.redaction!;
  return tr.addMark(
    from,
    to,
    type.create({
      redactionType: attrs.redactionType,
      comment: attrs.comment?.trim() || null,
      docId: attrs.docId ?? newDocId(),
      by: null,
      at: null,
    }),
  );
}

/**
 * The selection as a document of its own (a sub-representation's content): whole blocks when
 * it spans several, a paragraph of it when it lies in one; its sub-representation marks dropped
 * (a sub-representation does not point at itself or its siblings).
 */
export function selectionAsDoc(doc: PMNode, from: number, to: number): EditorNode {
  const slice = doc.slice(from, to);
  const json = slice.content.toJSON() as EditorNode[] | null;
  const content = json ?? [];
  const strip = (node: EditorNode): EditorNode => {
    const marks = node.marks?.filter((mark) => mark.type !== 'subRepresentation');
    const next: EditorNode = { ...node };
    if (node.marks) {
      if (marks && marks.length > 0) next.marks = marks;
      else delete next.marks;
    }
    if (node.content) next.content = node.content.map(strip);
    return next;
  };
  const stripped = content.map(strip);
  const inline = stripped.every((node) => node.type === 'text' || node.type === 'hardBreak');
  return { type: 'doc', content: inline ? [{ type: 'paragraph', content: stripped }] : stripped };
}

export type RedactionSummary = {
  docId: string;
  redactionType: RedactionType;
  comment: string | null;
  by: string | null;
  at: string | null;
  text: string;
  /** Where its first piece starts (to scroll to it). */
  from: number;
};

/** The redactions of the document, once each (a redaction over two paragraphs is one), in order. */
export function redactionsOf(doc: PMNode): RedactionSummary[] {
  const found = new Map<string, RedactionSummary>();
  for (const piece of markPieces(doc, 'redaction')) {
    const { docId, redactionType, comment, by, at } = piece.mark.attrs as Record<string, string | null>;
    const key = docId || `${piece.from}`;
    const text = doc.textBetween(piece.from, piece.to, ' ');
    const entry = found.get(key);
    if (entry) entry.text += ` ${text}`;
    else
      found.set(key, {
        docId: key,
        redactionType: (redactionType ?? 'other') as RedactionType,
        comment: comment || null,
        by: by || null,
        at: at || null,
        text,
        from: piece.from,
      });
  }
  return [...found.values()];
}
