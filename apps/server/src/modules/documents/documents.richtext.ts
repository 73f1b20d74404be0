import { getSchema } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { DOMSerializer, Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import type { Window } from 'happy-dom';
import sanitizeHtml from 'sanitize-html';
import { richTextAllowList, SAFE_IMAGE, SAFE_LINK, type RichText, type RichTextNode } from '@planning/shared';
import { safeLinkTag } from '../../lib/safe-links';

/**
 * Rich text leaves the server as HTML, sanitised twice over: the TipTap JSON is first pruned to
 * the allow-list (unknown nodes and marks go, content and all; only listed attributes stay) and
 * rendered by TipTap's own serialiser, then the HTML passes sanitize-html with the same allow-list.
 * The second pass is the one that counts: it also cleans HTML stored as text.
 *
 * Rendering is what @tiptap/html's generateHTML does (the editor's schema, ProseMirror's
 * DOMSerializer, happy-dom for a document), with the schema and the DOM made once: generateHTML
 * builds both on every call, 6.5 ms a text block against 0.2 ms here, and a Local Plan has hundreds.
 */

// The extensions of the builder's editor, less what the allow-list leaves out.
const extensions = [
  StarterKit.configure({ code: false, codeBlock: false, link: { openOnClick: false } }),
  TableKit,
  Image,
];

type Renderer = { schema: Schema; serializer: DOMSerializer; window: Window };

// happy-dom loads on the first rich text rendered, not with the server (half a second).
let renderer: Promise<Renderer> | null = null;
function rendererOf(): Promise<Renderer> {
  return (renderer ??= import('happy-dom').then(({ Window: DomWindow }) => {
    const schema = getSchema(extensions);
    return { schema, serializer: DOMSerializer.fromSchema(schema), window: new DomWindow() };
  }));
}

type SerializeOptions = Parameters<DOMSerializer['serializeFragment']>[1];
type SerializeTarget = Parameters<DOMSerializer['serializeFragment']>[2];

function toHtml({ schema, serializer, window }: Renderer, json: RichTextNode): string {
  const node = ProseMirrorNode.fromJSON(schema, json);
  const wrap = window.document.createElement('div');
  // happy-dom's DOM stands in for the browser's, as in @tiptap/html.
  serializer.serializeFragment(
    node.content,
    { document: window.document } as unknown as SerializeOptions,
    wrap as unknown as SerializeTarget,
  );
  return wrap.innerHTML;
}

const allowedNodes = new Set<string>(richTextAllowList.nodes);
const allowedMarks = new Set<string>(richTextAllowList.marks);
const MAX_DEPTH = 40;

function keepAttrs(type: string, attrs: Record<string, unknown> | undefined) {
  const names = richTextAllowList.attributes[type];
  if (!names || !attrs) return undefined;
  const kept: Record<string, unknown> = {};
  for (const name of names) {
    const value = attrs[name];
    if (typeof value === 'string' || typeof value === 'number') kept[name] = value;
  }
  if (type === 'link' && !(typeof kept.href === 'string' && SAFE_LINK.test(kept.href.trim()))) return null;
  if (type === 'image' && !(typeof kept.src === 'string' && SAFE_IMAGE.test(kept.src.trim()))) return null;
  return kept;
}

/** The JSON with only allowed nodes, marks and attributes; null for a node that must go. */
export function pruneRichText(node: RichTextNode, depth = 0): RichTextNode | null {
  if (depth > MAX_DEPTH || !allowedNodes.has(node.type)) return null;
  const attrs = keepAttrs(node.type, node.attrs);
  if (attrs === null) return null;
  const pruned: RichTextNode = { type: node.type };
  if (attrs) pruned.attrs = attrs;
  if (node.type === 'text') {
    if (typeof node.text !== 'string' || node.text === '') return null;
    pruned.text = node.text;
    const marks = (node.marks ?? []).flatMap((mark) => {
      if (!allowedMarks.has(mark.type)) return [];
      const markAttrs = keepAttrs(mark.type, mark.attrs);
      // A link to somewhere unsafe stays as its text.
      if (markAttrs === null) return [];
      return [markAttrs ? { type: mark.type, attrs: markAttrs } : { type: mark.type }];
    });
    if (marks.length > 0) pruned.marks = marks;
    return pruned;
  }
  if (node.content) {
    pruned.content = node.content.flatMap((child) => pruneRichText(child, depth + 1) ?? []);
  }
  return pruned;
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...richTextAllowList.htmlTags],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: [...richTextAllowList.linkSchemes],
  allowedSchemesByTag: { img: [...richTextAllowList.imageSchemes] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Script, style and the like go with their content; other unknown tags keep their text.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: safeLinkTag,
  },
  // An image whose address is not one we allow (a relative path other than ours, say) goes.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !(frame.attribs.src && SAFE_IMAGE.test(frame.attribs.src)),
};

/** HTML through the allow-list. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

/** Plain text of a node, for JSON the renderer refuses (content in the wrong place). */
function plainText(node: RichTextNode): string {
  if (node.type === 'text') return node.text ?? '';
  return (node.content ?? []).map(plainText).join(node.type === 'doc' ? '\n' : ' ');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Renders rich text as sanitised HTML, whichever form it was stored in (loaded once). */
export async function richTextRenderer(): Promise<(value: RichText) => string> {
  const loaded = await rendererOf();
  return (value) => render(loaded, value);
}

/** Rich text as sanitised HTML, whichever form it was stored in. */
export async function renderRichText(value: RichText): Promise<string> {
  return (await richTextRenderer())(value);
}

function render(loaded: Renderer, value: RichText): string {
  if (typeof value === 'string') return sanitiseHtml(value);
  const pruned = pruneRichText(value.type === 'doc' ? value : { type: 'doc', content: [value] });
  if (!pruned) return '';
  let html: string;
  try {
    html = toHtml(loaded, pruned);
  } catch {
    // Nodes in places the schema does not allow: the words survive, the structure does not.
    html = plainText(pruned)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('');
  }
  return sanitiseHtml(html);
}
