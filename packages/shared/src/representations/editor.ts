import { z } from 'zod';
import { redactionTypeSchema, type RedactionType } from './statuses';

/**
 * Spec 02 §3 Editor marks on a representation's text, kept as the editor's (TipTap's) JSON.
 * Officers edit `content`; what the public may read is worked out here, once, from the marks:
 * every run of text under a redaction mark is replaced by a placeholder naming its type.
 */
const id = z.string().min(1).max(100);
const markBase = <T extends string, A extends z.ZodRawShape>(type: T, attrs: A) =>
  z.object({ type: z.literal(type), attrs: z.object(attrs) });

export const redactionMarkSchema = markBase('redaction', {
  redactionType: redactionTypeSchema,
  comment: z.string().max(2000).nullish(),
  docId: id,
  /** Who redacted it and when: set by the server when a redaction first appears. */
  by: z.string().max(200).nullish(),
  at: z.string().max(40).nullish(),
});
export const editorMarkSchema = z.discriminatedUnion('type', [
  redactionMarkSchema,
  markBase('tag', { tagIds: z.array(id).max(50) }),
  markBase('map', {
    siteIds: z.array(z.string().regex(/^\d{1,18}$/)).max(100),
    layerIds: z.array(id).max(100),
    /** 'layerId:featureId'. */
    featureIds: z.array(z.string().max(200)).max(100),
  }),
  markBase('subRepresentation', { subRepId: id, docId: id, comment: z.string().max(2000).nullish() }),
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('underline') }),
  // Spec 02 §5 "Only links with a URL are applied in the editor".
  markBase('link', {
    href: z
      .string()
      .max(2000)
      .regex(/^(https?:|mailto:)/i),
  }).passthrough(),
]);
export type EditorMark = z.infer<typeof editorMarkSchema>;
export type RedactionMark = z.infer<typeof redactionMarkSchema>;

export type EditorNode = {
  type: string;
  attrs?: Record<string, unknown>;
  text?: string;
  marks?: EditorMark[];
  content?: EditorNode[];
};

const blockTypes = [
  'doc',
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
] as const;
const MAX_DEPTH = 12;

const nodeSchema: z.ZodType<EditorNode> = z.lazy(() =>
  z.union([
    z.object({
      type: z.literal('text'),
      text: z.string().min(1).max(200_000),
      marks: z.array(editorMarkSchema).max(20).optional(),
    }),
    z.object({ type: z.literal('hardBreak') }),
    // Spec 02 §3 figure: src, alt, title.
    z.object({
      type: z.literal('figure'),
      attrs: z.object({
        src: z
          .string()
          .max(2000)
          .regex(/^(https?:\/\/|\/api\/v1\/)/i),
        alt: z.string().max(500).nullish(),
        title: z.string().max(500).nullish(),
      }),
    }),
    z.object({
      type: z.enum(blockTypes),
      attrs: z.record(z.string(), z.union([z.string().max(50), z.number(), z.null()])).optional(),
      content: z.array(nodeSchema).max(20_000).optional(),
    }),
  ]),
) as z.ZodType<EditorNode>;

function depthOf(node: EditorNode, depth = 0): number {
  if (depth > MAX_DEPTH) return depth;
  return Math.max(depth, ...(node.content ?? []).map((child) => depthOf(child, depth + 1)));
}

export const editorDocSchema = nodeSchema.refine(
  (node) => node.type === 'doc' && depthOf(node) <= MAX_DEPTH,
  'The text must be a document of at most 12 levels',
);

/** A document of paragraphs from plain text (a letter as typed or pasted in). */
export function docFromPlainText(text: string): EditorNode {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  return {
    type: 'doc',
    content: paragraphs.map((paragraph) => {
      const lines = paragraph.split('\n');
      const content: EditorNode[] = [];
      lines.forEach((line, index) => {
        if (index > 0) content.push({ type: 'hardBreak' });
        if (line) content.push({ type: 'text', text: line });
      });
      return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
    }),
  };
}

const blockBreak = new Set(['paragraph', 'heading', 'listItem', 'blockquote', 'figure']);

/** The text of a document, paragraphs apart by a blank line (search, duplicates, analysis). */
export function plainTextOf(doc: EditorNode | null | undefined): string {
  if (!doc) return '';
  const parts: string[] = [];
  const walk = (node: EditorNode) => {
    if (node.type === 'text') parts.push(node.text ?? '');
    else if (node.type === 'hardBreak') parts.push('\n');
    else if (node.type === 'figure') parts.push(String(node.attrs?.alt ?? ''));
    node.content?.forEach(walk);
    if (blockBreak.has(node.type)) parts.push('\n\n');
  };
  walk(doc);
  return parts
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const redactionPlaceholder = (type: RedactionType): string => `[${type} redacted]`;

const redactionOf = (node: EditorNode): RedactionMark | undefined =>
  node.marks?.find((mark): mark is RedactionMark => mark.type === 'redaction');

/**
 * The document the public may read: every run of text under one redaction becomes one placeholder
 * with no marks, and every mark that is staff-only (comments, tags, sub-representations) is
 * dropped. What was redacted is not in the result in any form.
 */
export function publicDocOf(doc: EditorNode): EditorNode {
  const strip = (node: EditorNode): EditorNode => {
    if (!node.content) {
      if (node.type === 'text') {
        const marks = node.marks?.filter((mark) => ['bold', 'italic', 'underline'].includes(mark.type));
        return marks && marks.length > 0
          ? { type: 'text', text: node.text, marks }
          : { type: 'text', text: node.text };
      }
      return node.type === 'figure' ? { type: 'figure', attrs: { ...node.attrs } } : { type: node.type };
    }
    const content: EditorNode[] = [];
    let lastRedaction: string | null = null;
    const children = node.content;
    /** The redaction the next text run after `index` is under (line breaks skipped). */
    const nextRedaction = (index: number): string | null => {
      for (let next = index + 1; next < children.length; next += 1) {
        const child = children[next]!;
        if (child.type === 'hardBreak') continue;
        return child.type === 'text' ? (redactionOf(child)?.attrs.docId ?? null) : null;
      }
      return null;
    };
    for (const [index, child] of children.entries()) {
      // A line break inside one redaction (an address over two lines) is part of what it hides.
      if (child.type === 'hardBreak' && lastRedaction !== null && nextRedaction(index) === lastRedaction)
        continue;
      const redaction = child.type === 'text' ? redactionOf(child) : undefined;
      if (redaction) {
        if (redaction.attrs.docId !== lastRedaction) {
          content.push({ type: 'text', text: redactionPlaceholder(redaction.attrs.redactionType) });
        }
        lastRedaction = redaction.attrs.docId;
        continue;
      }
      lastRedaction = null;
      content.push(strip(child));
    }
    return { type: node.type, ...(node.attrs ? { attrs: node.attrs } : {}), content };
  };
  return strip(doc);
}

/**
 * The document as staff without the personal-data grant read it (issue 25 point 3): every mark
 * stays (tags, map marks, sub-representations, the redaction itself), but each run of text under
 * one redaction becomes one placeholder naming its type, so what was redacted is not in it.
 */
export function staffRedactedDocOf(doc: EditorNode): EditorNode {
  const walk = (node: EditorNode): EditorNode => {
    if (!node.content) return node;
    const children = node.content;
    const content: EditorNode[] = [];
    let last: string | null = null;
    for (const [index, child] of children.entries()) {
      const redaction = child.type === 'text' ? redactionOf(child) : undefined;
      if (child.type === 'hardBreak' && last !== null) {
        // A break inside one redaction (an address over two lines) is part of what it hides.
        const next = children.slice(index + 1).find((c) => c.type !== 'hardBreak');
        if (next?.type === 'text' && redactionOf(next)?.attrs.docId === last) continue;
      }
      if (redaction) {
        if (redaction.attrs.docId !== last)
          content.push({
            type: 'text',
            text: redactionPlaceholder(redaction.attrs.redactionType),
            ...(child.marks ? { marks: child.marks } : {}),
          });
        last = redaction.attrs.docId;
        continue;
      }
      last = null;
      content.push(walk(child));
    }
    return { ...node, content };
  };
  return walk(doc);
}

/** The plain text the public may read. */
export const publicTextOf = (doc: EditorNode | null | undefined): string =>
  doc ? plainTextOf(publicDocOf(doc)) : '';

/** Every mark of a type in a document, with the text it covers (joined across text runs). */
export function marksOf<T extends EditorMark['type']>(
  doc: EditorNode | null | undefined,
  type: T,
): { mark: Extract<EditorMark, { type: T }>; text: string }[] {
  const found = new Map<string, { mark: Extract<EditorMark, { type: T }>; text: string }>();
  const walk = (node: EditorNode) => {
    for (const mark of node.marks ?? []) {
      if (mark.type !== type) continue;
      const attrs = 'attrs' in mark ? (mark.attrs as Record<string, unknown>) : {};
      const key = String(attrs.docId ?? attrs.subRepId ?? JSON.stringify(attrs));
      const entry = found.get(key);
      if (entry) entry.text += node.text ?? '';
      else found.set(key, { mark: mark as Extract<EditorMark, { type: T }>, text: node.text ?? '' });
    }
    node.content?.forEach(walk);
  };
  if (doc) walk(doc);
  return [...found.values()];
}
