import { z } from 'zod';

/**
 * TipTap (ProseMirror) JSON, as the document builder's editor saves it. Stored as sent; every
 * reader outside the editor gets it as sanitised HTML (the server renders it through the allow-list
 * below), never as JSON to render by itself.
 */
export type RichTextMark = { type: string; attrs?: Record<string, unknown> };
export type RichTextNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  marks?: RichTextMark[];
  text?: string;
};

const RICH_TEXT_CHILDREN_MAX = 5000;

const richTextMarkSchema = z.object({
  type: z.string().min(1).max(64),
  attrs: z.record(z.string(), z.unknown()).optional(),
});

export const richTextNodeSchema: z.ZodType<RichTextNode> = z
  .lazy(() =>
    z.object({
      type: z.string().min(1).max(64),
      attrs: z.record(z.string(), z.unknown()).optional(),
      content: z.array(richTextNodeSchema).max(RICH_TEXT_CHILDREN_MAX).optional(),
      marks: z.array(richTextMarkSchema).max(20).optional(),
      text: z.string().max(100_000).optional(),
    }),
  )
  // A named schema, so the OpenAPI document holds the recursion as one component it refers to.
  .meta({ id: 'RichTextNode' });

/**
 * Rich text in a document: TipTap JSON from the editor, or HTML (spec 02 §3: a question's text is
 * "HTML text"). What the public reads is always the string form: HTML the server has sanitised.
 */
export const richTextSchema = z.union([richTextNodeSchema, z.string().max(200_000)]);
export type RichText = z.infer<typeof richTextSchema>;

/**
 * The allow-list: the only nodes, marks and attributes that survive, in TipTap's names (the
 * server's renderer) and as HTML (its final sanitiser). Anything else is dropped, content and all.
 */
export const richTextAllowList = {
  nodes: [
    'doc',
    'paragraph',
    'text',
    'heading',
    'bulletList',
    'orderedList',
    'listItem',
    'hardBreak',
    'blockquote',
    'horizontalRule',
    'table',
    'tableRow',
    'tableHeader',
    'tableCell',
    'image',
  ],
  marks: ['bold', 'italic', 'underline', 'strike', 'link'],
  /** Attributes kept per node or mark; all others are dropped before rendering. */
  attributes: {
    heading: ['level'],
    orderedList: ['start'],
    tableCell: ['colspan', 'rowspan'],
    tableHeader: ['colspan', 'rowspan'],
    image: ['src', 'alt', 'title'],
    link: ['href'],
  } as Record<string, readonly string[]>,
  htmlTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'br',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  linkSchemes: ['http', 'https', 'mailto'],
  imageSchemes: ['http', 'https'],
} as const;

/** Where a link may go: the web, an email address, a path of ours, or an anchor in the page. */
export const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;
/** Where an image may come from: the web, or a path of ours (our own file URLs). */
export const SAFE_IMAGE = /^(?:https?:\/\/|\/(?!\/))/i;
