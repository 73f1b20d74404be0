import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import {
  DOCUMENT_EXPORT_PAGE as PAGE,
  documentOutline,
  type DocumentConfig,
  type DocumentEntity,
  type Question,
  type RichText,
} from '@planning/shared';

/** How many columns a table has: its widest line's. */
export const tableColumns = (header: string[], rows: string[][]) =>
  Math.max(header.length, ...rows.map((row) => row.length), 1);

/** A table whose columns at their least (1750 twips) would not fit the portrait width: it gets a landscape page. */
export const isWideTable = (header: string[], rows: string[][]) =>
  tableColumns(header, rows) * PAGE.tableColumnMin > PAGE.tableWidthPortrait;

/**
 * What a document says, in reading order, in the few shapes both writers (Word and PDF) know. Rich
 * text arrives as the public read's sanitised HTML and is walked here once, so the two files show
 * the same words with the same emphasis.
 */
export type Run = {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  link?: string;
  /** A line break before this run's text. */
  breakBefore?: boolean;
};

/** An image the writers place: an attachment, a map block or a chart, fetched or drawn before. */
export type ImageRef =
  | { kind: 'attachment'; fileId: string }
  | { kind: 'map'; entityId: string }
  | { kind: 'chart'; entityId: string };

export type ExportBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; depth: number; number: string | null; text: string }
  | { kind: 'paragraph'; runs: Run[]; style?: 'subtitle' | 'caption' | 'quote' | 'note' | 'strong' }
  | { kind: 'listItem'; runs: Run[]; ordered: boolean; level: number; index: number }
  | { kind: 'table'; header: string[]; rows: string[][]; caption?: string }
  | { kind: 'image'; ref: ImageRef; alt: string; caption?: string }
  | { kind: 'divider' }
  | { kind: 'question'; title: string; text: ExportBlock[]; lines: string[] };

export type ExportModel = { title: string; blocks: ExportBlock[]; images: ImageRef[] };

/** Our own attachment addresses (public or staff), with or without the host and a share token. */
const ATTACHMENT_PATH =
  /\/api\/v1\/(?:public\/)?documents\/([0-9a-f-]{36})\/attachments\/([0-9a-f-]{36})(?:\/download)?(?:[?#].*)?$/i;

export function attachmentIdOf(src: string, documentId: string): string | null {
  const match = ATTACHMENT_PATH.exec(src);
  return match && match[1]!.toLowerCase() === documentId.toLowerCase() ? match[2]!.toLowerCase() : null;
}

const text = (value: string) => value.replace(/\s+/g, ' ');

/**
 * The model of a document whose rich texts are already sanitised HTML (`renderForPublic`). Sections
 * carry the page's numbers ('1', '1.1') unless documentSettings.hideSectionNumberings.
 */
export function buildExportModel(documentId: string, title: string, config: DocumentConfig): ExportModel {
  const numbers = new Map(documentOutline(config).map((entry) => [entry.id, entry]));
  const blocks: ExportBlock[] = [{ kind: 'title', text: title }];
  const images: ImageRef[] = [];
  const addImage = (ref: ImageRef, alt: string, caption?: string) => {
    images.push(ref);
    blocks.push({ kind: 'image', ref, alt, ...(caption ? { caption } : {}) });
  };
  const html = (value: RichText | undefined): ExportBlock[] =>
    typeof value === 'string' ? htmlBlocks(value, documentId, (ref) => images.push(ref)) : [];
  const seen = new Set<string>();

  const walk = (id: string, depth: number) => {
    const item = config.entities[id];
    if (!item || seen.has(id)) return;
    seen.add(id);
    if (id !== config.root) entityBlocks(item, depth);
    for (const child of item.childSectionIds ?? []) walk(child, item.type === 'section' ? depth + 1 : depth);
  };

  const entityBlocks = (item: DocumentEntity, depth: number) => {
    switch (item.type) {
      case 'section':
      case 'subSection': {
        const entry = numbers.get(item.id);
        blocks.push({
          kind: 'heading',
          depth: entry ? entry.depth + 1 : depth,
          number: entry?.number ?? null,
          text: item.title,
        });
        return;
      }
      case 'carouselSection':
      case 'tableOfContents':
        if (item.title) blocks.push({ kind: 'paragraph', runs: [{ text: item.title }], style: 'strong' });
        if (item.type === 'tableOfContents')
          for (const entry of numbers.values())
            blocks.push({
              kind: 'paragraph',
              runs: [
                {
                  text: `${'    '.repeat(entry.depth)}${entry.number ? `${entry.number} ` : ''}${entry.title}`,
                },
              ],
            });
        return;
      case 'hero':
        if (item.title && item.title !== title)
          blocks.push({ kind: 'paragraph', runs: [{ text: item.title, bold: true }], style: 'subtitle' });
        if (item.subtitle)
          blocks.push({ kind: 'paragraph', runs: [{ text: item.subtitle }], style: 'subtitle' });
        return;
      case 'divider':
        blocks.push({ kind: 'divider' });
        return;
      case 'textBlock':
        blocks.push(...html(item.content));
        return;
      case 'image': {
        const fileId = attachmentIdOf(item.src, documentId);
        if (fileId) addImage({ kind: 'attachment', fileId }, item.alt, item.caption);
        // An image from elsewhere is not fetched (the server asks no outside address for a reader).
        else
          blocks.push({
            kind: 'paragraph',
            runs: [{ text: item.alt || item.caption || 'Image', link: item.src }],
            style: 'caption',
          });
        return;
      }
      case 'table':
        blocks.push({
          kind: 'table',
          header: item.header,
          rows: item.rows,
          ...(item.caption ? { caption: item.caption } : {}),
        });
        return;
      case 'video':
        blocks.push({
          kind: 'paragraph',
          runs: [{ text: 'Video: ' }, { text: item.title || item.url, link: item.url }],
        });
        if (item.caption)
          blocks.push({ kind: 'paragraph', runs: [{ text: item.caption }], style: 'caption' });
        return;
      case 'tagTopic':
        if (item.title) blocks.push({ kind: 'paragraph', runs: [{ text: item.title }], style: 'strong' });
        if (item.tags.length > 0) blocks.push({ kind: 'paragraph', runs: [{ text: item.tags.join(' · ') }] });
        return;
      case 'map':
        addImage({ kind: 'map', entityId: item.id }, item.caption || 'Map', item.caption);
        return;
      case 'chart':
        addImage({ kind: 'chart', entityId: item.id }, item.chartName || 'Chart', item.chartName);
        return;
      case 'link':
        blocks.push({ kind: 'paragraph', runs: [{ text: item.title, link: item.url }] });
        if (item.description)
          blocks.push({ kind: 'paragraph', runs: [{ text: item.description }], style: 'caption' });
        return;
      case 'poll':
      case 'question':
        questionBlocks(item.question);
        return;
    }
  };

  const questionBlocks = (question: Question) => {
    if (question.type === 'mapLinkedQuestion') {
      blocks.push({ kind: 'question', title: question.title, text: html(question.question), lines: [] });
      if (question.map.caption)
        blocks.push({
          kind: 'paragraph',
          runs: [{ text: `Map: ${question.map.caption}` }],
          style: 'caption',
        });
      for (const inner of question.questions) questionBlocks(inner);
      return;
    }
    const lines: string[] = [];
    const mark = question.type === 'checkboxQuestion' ? '☐' : '○';
    if (question.mapFeatureSelect) lines.push('Answered for a site chosen on the map');
    if (question.type === 'textQuestion')
      lines.push(`Written answer (up to ${question.maxLength.toLocaleString('en-GB')} characters)`);
    else
      for (const option of question.options)
        lines.push(`${mark} ${option.title}${option.description ? ` – ${option.description}` : ''}`);
    if (question.type === 'checkboxQuestion' && question.maxSelected !== undefined)
      lines.push(`Choose up to ${question.maxSelected}`);
    if (question.conditional) lines.push(`If “${question.conditional.if}”: ${question.conditional.title}`);
    if (question.mapFeatureSelect?.commentsBox) lines.push('Comments on the site');
    if (question.note) lines.push(question.note);
    blocks.push({ kind: 'question', title: question.title, text: html(question.question), lines });
  };

  walk(config.root, 0);
  return { title: printable(title), blocks: printable(blocks), images };
}

/**
 * Every string without the control characters XML 1.0 forbids (a Word file holding one does not
 * open) or a PDF would draw as boxes; tabs and line ends stay.
 */
export function printable<T>(value: T): T {
  if (typeof value === 'string')
    return [...value].filter((char) => char >= ' ' || '\t\n\r'.includes(char)).join('') as T;
  if (Array.isArray(value)) return value.map(printable) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, printable(inner)])) as T;
  return value;
}

type Marks = Omit<Run, 'text' | 'breakBefore'>;

/** Sanitised HTML (the allow-list's tags only) as blocks. */
export function htmlBlocks(
  html: string,
  documentId: string,
  onImage: (ref: ImageRef) => void = () => {},
): ExportBlock[] {
  const out: ExportBlock[] = [];
  // Images inside rich text become blocks of their own, in place.
  const pushImage = (element: Element) => {
    const fileId = attachmentIdOf(element.attribs.src ?? '', documentId);
    const alt = element.attribs.alt ?? '';
    if (fileId) {
      onImage({ kind: 'attachment', fileId });
      out.push({ kind: 'image', ref: { kind: 'attachment', fileId }, alt });
    } else if (alt || element.attribs.src)
      out.push({
        kind: 'paragraph',
        runs: [{ text: alt || 'Image', link: element.attribs.src }],
        style: 'caption',
      });
  };

  const inline = (nodes: ChildNode[], marks: Marks, runs: Run[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const value = text(node.data);
        if (value) runs.push({ text: value, ...marks });
        continue;
      }
      if (node.type !== 'tag') continue;
      const name = node.name;
      if (name === 'br') runs.push({ text: '', breakBefore: true, ...marks });
      else if (name === 'img') pushImage(node);
      else if (name === 'ul' || name === 'ol') continue;
      else
        inline(
          node.children,
          {
            ...marks,
            ...((name === 'strong' || name === 'b') && { bold: true }),
            ...((name === 'em' || name === 'i') && { italic: true }),
            ...(name === 'u' && { underline: true }),
            ...(name === 's' && { strike: true }),
            ...(name === 'a' && node.attribs.href && { link: node.attribs.href }),
          },
          runs,
        );
    }
  };
  const runsOf = (nodes: ChildNode[], marks: Marks = {}) => {
    const runs: Run[] = [];
    inline(nodes, marks, runs);
    // Trim the edges the way a browser collapses white space.
    if (runs[0]) runs[0] = { ...runs[0], text: runs[0].text.trimStart() };
    const last = runs.length - 1;
    if (runs[last]) runs[last] = { ...runs[last], text: runs[last].text.trimEnd() };
    return runs.filter((run) => run.text !== '' || run.breakBefore);
  };
  const cellText = (node: Element) =>
    runsOf(node.children)
      .map((run) => run.text)
      .join('')
      .trim();

  const list = (element: Element, level: number) => {
    const ordered = element.name === 'ol';
    let index = Number(element.attribs.start ?? 1) || 1;
    for (const item of element.children) {
      if (item.type !== 'tag' || item.name !== 'li') continue;
      const inlineNodes = item.children.filter(
        (child) => !(child.type === 'tag' && (child.name === 'ul' || child.name === 'ol')),
      );
      out.push({ kind: 'listItem', runs: runsOf(inlineNodes), ordered, level, index: index++ });
      for (const child of item.children)
        if (child.type === 'tag' && (child.name === 'ul' || child.name === 'ol')) list(child, level + 1);
    }
  };

  const block = (nodes: ChildNode[], style?: 'quote') => {
    let loose: ChildNode[] = [];
    const flush = () => {
      const runs = runsOf(loose);
      if (runs.length > 0) out.push({ kind: 'paragraph', runs, ...(style && { style }) });
      loose = [];
    };
    for (const node of nodes) {
      if (node.type !== 'tag') {
        loose.push(node);
        continue;
      }
      switch (node.name) {
        case 'p': {
          flush();
          const runs = runsOf(node.children);
          if (runs.length > 0) out.push({ kind: 'paragraph', runs, ...(style && { style }) });
          break;
        }
        case 'h1':
        case 'h2':
        case 'h3':
        case 'h4':
        case 'h5':
        case 'h6':
          flush();
          out.push({ kind: 'paragraph', runs: runsOf(node.children, { bold: true }), style: 'strong' });
          break;
        case 'ul':
        case 'ol':
          flush();
          list(node, 0);
          break;
        case 'blockquote':
          flush();
          block(node.children, 'quote');
          break;
        case 'hr':
          flush();
          out.push({ kind: 'divider' });
          break;
        case 'table': {
          flush();
          const rows: { header: boolean; cells: string[] }[] = [];
          const collect = (parent: Element) => {
            for (const child of parent.children) {
              if (child.type !== 'tag') continue;
              if (child.name === 'tr')
                rows.push({
                  header: child.children.some((cell) => cell.type === 'tag' && cell.name === 'th'),
                  cells: child.children
                    .filter(
                      (cell): cell is Element =>
                        cell.type === 'tag' && (cell.name === 'td' || cell.name === 'th'),
                    )
                    .map(cellText),
                });
              else collect(child);
            }
          };
          collect(node);
          const header = rows[0]?.header ? rows.shift()!.cells : [];
          out.push({ kind: 'table', header, rows: rows.map((row) => row.cells) });
          break;
        }
        case 'img':
          flush();
          pushImage(node);
          break;
        default:
          loose.push(node);
      }
    }
    flush();
  };

  block(parseDocument(html).children);
  return out;
}
