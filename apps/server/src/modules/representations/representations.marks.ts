import {
  consultationMessages,
  editorDocSchema,
  plainTextOf,
  publicTextOf,
  REPRESENTATION_LIMITS,
  type EditorNode,
  type RedactionMark,
  type RedactionType,
} from '@planning/shared';
import { badRequest } from '../../lib/errors';
import { invalidBody } from '../consultations/consultations.columns';

export type RedactionChanges = { added: RedactionType[]; removed: RedactionType[] };

function redactionsOf(doc: EditorNode | null | undefined): Map<string, RedactionMark['attrs']> {
  const found = new Map<string, RedactionMark['attrs']>();
  const walk = (node: EditorNode) => {
    for (const mark of node.marks ?? []) {
      if (mark.type === 'redaction' && !found.has(mark.attrs.docId)) found.set(mark.attrs.docId, mark.attrs);
    }
    node.content?.forEach(walk);
  };
  if (doc) walk(doc);
  return found;
}

/**
 * Who redacted what and when is the server's to say: a redaction that is new (its docId was not in
 * the previous document) is stamped with the user's name and now; one that was there keeps its
 * stamp, whatever the editor sent. Also tells which redactions came and went (their types only:
 * the timeline never holds the redacted text).
 */
export function stampRedactions(
  next: EditorNode,
  previous: EditorNode | null | undefined,
  stamp: { by: string; at: string },
): { doc: EditorNode; changes: RedactionChanges } {
  const before = redactionsOf(previous);
  const added = new Map<string, RedactionType>();
  const seen = new Set<string>();
  const copy = (node: EditorNode): EditorNode => {
    const result: EditorNode = { ...node };
    if (node.marks) {
      result.marks = node.marks.map((mark) => {
        if (mark.type !== 'redaction') return mark;
        const docId = mark.attrs.docId;
        seen.add(docId);
        const old = before.get(docId);
        if (!old) added.set(docId, mark.attrs.redactionType);
        const { by, at } = old ? { by: old.by ?? stamp.by, at: old.at ?? stamp.at } : stamp;
        return { ...mark, attrs: { ...mark.attrs, by, at } };
      });
    }
    if (node.content) result.content = node.content.map(copy);
    return result;
  };
  const doc = copy(next);
  const removed = [...before].filter(([docId]) => !seen.has(docId)).map(([, attrs]) => attrs.redactionType);
  return { doc, changes: { added: [...added.values()], removed } };
}

/**
 * An editor document from a request: checked by the shared schema (400 with its words), its
 * redactions stamped, and the texts worked out from it: `plain` for staff and search, `public`
 * with every redaction replaced, the only text the public may ever read.
 */
export function editorContent(
  given: unknown,
  previous: EditorNode | null | undefined,
  stamp: { by: string; at: string },
): { doc: EditorNode; plain: string; public: string; changes: RedactionChanges } {
  const parsed = editorDocSchema.safeParse(given);
  if (!parsed.success)
    throw invalidBody(parsed.error.issues.map((issue) => ({ ...issue, path: ['content', ...issue.path] })));
  const { doc, changes } = stampRedactions(parsed.data, previous, stamp);
  const plain = plainTextOf(doc);
  const publicText = publicTextOf(doc);
  if (plain.length > REPRESENTATION_LIMITS.textMax || publicText.length > REPRESENTATION_LIMITS.textMax)
    throw badRequest(consultationMessages.textTooLong);
  return { doc, plain, public: publicText, changes };
}
