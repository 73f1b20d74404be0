import { Mark, Node, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { markColours, redactionTypes, type RedactionType } from '@planning/shared';
import { formatWhen } from './format';

/**
 * The editor's schema, named and shaped as the shared `editorDocSchema` (packages/shared/src/
 * representations/editor.ts) so what the editor saves is what the server accepts: the nodes and
 * marks it allows and nothing else (no code, strike or rule from the StarterKit), and the four
 * spec marks (spec 02 §3 "Editor marks") with their attributes spelled the same.
 */

// Attributes kept in the document but written to the page by the mark's own renderHTML.
const attr = <T>(fallback: T) => ({ default: fallback, rendered: false });

const list = (value: string | null | undefined): string[] =>
  value
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];

export const redactionTypeLabel = (type: string): string => `Redacted: ${type}`;

const redactionTypeOf = (value: string | null): RedactionType =>
  (redactionTypes as readonly string[]).includes(value ?? '') ? (value as RedactionType) : 'other';

/** Spec 02 §3 redaction: redactionType, comment, docId (purple); by and at are stamped by the server. */
export const RedactionMark = Mark.create({
  name: 'redaction',
  // Typing at either end of a redaction is not redacted text.
  inclusive: false,
  addAttributes: () => ({
    redactionType: attr<RedactionType>('other'),
    comment: attr<string | null>(null),
    docId: attr(''),
    by: attr<string | null>(null),
    at: attr<string | null>(null),
  }),
  parseHTML: () => [
    {
      tag: 'span[data-mark="redaction"]',
      getAttrs: (element) => ({
        redactionType: redactionTypeOf(element.getAttribute('data-redaction-type')),
        comment: element.getAttribute('data-comment'),
        docId: element.getAttribute('data-doc-id') ?? '',
        by: element.getAttribute('data-by'),
        at: element.getAttribute('data-at'),
      }),
    },
  ],
  renderHTML: ({ mark }) => {
    const { redactionType, comment, docId, by, at } = mark.attrs as Record<string, string | null>;
    const label = redactionTypeLabel(redactionType ?? 'other');
    const detail = [label, formatWhen(by, at), comment ? `— ${comment}` : ''].filter(Boolean).join(' ');
    return [
      'span',
      {
        class: `rep-mark rep-mark--redaction`,
        'data-mark': 'redaction',
        'data-colour': markColours.redaction,
        'data-redaction-type': redactionType,
        'data-doc-id': docId,
        ...(comment ? { 'data-comment': comment } : {}),
        ...(by ? { 'data-by': by } : {}),
        ...(at ? { 'data-at': at } : {}),
        'aria-label': label,
        title: detail,
      },
      0,
    ];
  },
});

/** Spec 02 §3 tag: the topic ids (orange). */
export const TagMark = Mark.create({
  name: 'tag',
  inclusive: false,
  addAttributes: () => ({ tagIds: attr<string[]>([]) }),
  parseHTML: () => [
    {
      tag: 'span[data-mark="tag"]',
      getAttrs: (element) => ({ tagIds: list(element.getAttribute('data-tag-ids')) }),
    },
  ],
  renderHTML: ({ mark }) => {
    const tagIds = (mark.attrs.tagIds as string[] | null) ?? [];
    return [
      'span',
      {
        class: 'rep-mark rep-mark--tag',
        'data-mark': 'tag',
        'data-colour': markColours.tag,
        'data-tag-ids': tagIds.join(','),
        'aria-label': 'Tagged',
        title: 'Tagged',
      },
      0,
    ];
  },
});

/** Spec 02 §3 map: site ids, layer ids and features as 'layerId:featureId' (green). */
export const MapMark = Mark.create({
  name: 'map',
  inclusive: false,
  addAttributes: () => ({
    siteIds: attr<string[]>([]),
    layerIds: attr<string[]>([]),
    featureIds: attr<string[]>([]),
  }),
  parseHTML: () => [
    {
      tag: 'span[data-mark="map"]',
      getAttrs: (element) => ({
        siteIds: list(element.getAttribute('data-site-ids')),
        layerIds: list(element.getAttribute('data-layer-ids')),
        featureIds: list(element.getAttribute('data-feature-ids')),
      }),
    },
  ],
  renderHTML: ({ mark }) => {
    const siteIds = (mark.attrs.siteIds as string[] | null) ?? [];
    const layerIds = (mark.attrs.layerIds as string[] | null) ?? [];
    const featureIds = (mark.attrs.featureIds as string[] | null) ?? [];
    const label = siteIds.length > 0 ? `Mapped to site ${siteIds.join(', ')}` : 'Mapped to layer features';
    return [
      'span',
      {
        class: 'rep-mark rep-mark--map',
        'data-mark': 'map',
        'data-colour': markColours.map,
        'data-site-ids': siteIds.join(','),
        'data-layer-ids': layerIds.join(','),
        'data-feature-ids': featureIds.join(','),
        'aria-label': label,
        title: label,
      },
      0,
    ];
  },
});

/** Spec 02 §3 sub-representation: subRepId, docId, comment (blue). */
export const SubRepresentationMark = Mark.create({
  name: 'subRepresentation',
  inclusive: false,
  addAttributes: () => ({
    subRepId: attr(''),
    docId: attr(''),
    comment: attr<string | null>(null),
  }),
  parseHTML: () => [
    {
      tag: 'span[data-mark="subRepresentation"]',
      getAttrs: (element) => ({
        subRepId: element.getAttribute('data-sub-rep-id') ?? '',
        docId: element.getAttribute('data-doc-id') ?? '',
        comment: element.getAttribute('data-comment'),
      }),
    },
  ],
  renderHTML: ({ mark }) => {
    const { subRepId, docId, comment } = mark.attrs as Record<string, string | null>;
    return [
      'span',
      {
        class: 'rep-mark rep-mark--sub',
        'data-mark': 'subRepresentation',
        'data-colour': markColours.subRepresentation,
        'data-sub-rep-id': subRepId,
        'data-doc-id': docId,
        ...(comment ? { 'data-comment': comment } : {}),
        'aria-label': 'Sub-representation',
        title: comment ? `Sub-representation — ${comment}` : 'Sub-representation',
      },
      0,
    ];
  },
});

/** Spec 02 §3 figure: src, alt, title; an image on its own line. */
export const FigureNode = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: false,
  addAttributes: () => ({ src: attr(''), alt: attr<string | null>(null), title: attr<string | null>(null) }),
  parseHTML: () => [
    {
      tag: 'figure',
      getAttrs: (element) => {
        const image = element.querySelector('img');
        return {
          src: image?.getAttribute('src') ?? '',
          alt: image?.getAttribute('alt'),
          title: element.querySelector('figcaption')?.textContent ?? image?.getAttribute('title') ?? null,
        };
      },
    },
  ],
  renderHTML: ({ node }) => {
    const { src, alt, title } = node.attrs as { src: string; alt: string | null; title: string | null };
    return [
      'figure',
      { class: 'rep-figure' },
      ['img', { src, alt: alt ?? '', ...(title ? { title } : {}) }],
      ...(title ? [['figcaption', {}, title]] : []),
    ];
  },
});

// The shared link mark's rule: web and mail addresses only.
const SAFE_HREF = /^(https?:|mailto:)/i;

/**
 * The StarterKit less what the shared schema refuses (code, code blocks, strike, rules), plus the
 * spec marks. Links are kept (spec 02 §5 "Only links with a URL are applied in the editor").
 */
export const representationExtensions: AnyExtension[] = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    strike: false,
    horizontalRule: false,
    // No paragraph added after a closing list or figure: opening a letter must not change it.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: false,
      linkOnPaste: false,
      isAllowedUri: (url) => SAFE_HREF.test(url),
    },
  }),
  RedactionMark,
  TagMark,
  MapMark,
  SubRepresentationMark,
  FigureNode,
];
