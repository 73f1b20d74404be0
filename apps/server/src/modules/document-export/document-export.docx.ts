import {
  AlignmentType,
  BorderStyle,
  ExternalHyperlink,
  ImageRun,
  Paragraph,
  TextRun,
  type ParagraphChild,
  type Table,
} from 'docx';
import { DOCUMENT_EXPORT_PAGE as PAGE } from '@planning/shared';
import {
  BODY_HALF_POINTS,
  docxFile,
  docxHeading,
  docxSection,
  docxTable,
  docxTitle,
  MARGIN_TWIPS,
} from './document-export.docx-page';
import {
  isWideTable,
  type ExportBlock,
  type ExportModel,
  type ImageRef,
  type Run,
} from './document-export.model';

export type PlacedImage = { data: Buffer; width: number; height: number; type: 'png' | 'jpg' };
export type ImageOf = (ref: ImageRef) => PlacedImage;

/** The width text may take, in pixels at 96 to the inch (what ImageRun measures in). */
const TEXT_WIDTH_PX = Math.floor(((PAGE.widthTwips - 2 * MARGIN_TWIPS) / 1440) * 96);

const runOf = (run: Run, extra: { size?: number; bold?: boolean; italics?: boolean; color?: string } = {}) =>
  new TextRun({
    text: run.text,
    ...(run.breakBefore && { break: 1 }),
    bold: run.bold || extra.bold,
    italics: run.italic || extra.italics,
    ...(run.underline && { underline: {} }),
    strike: run.strike,
    ...(run.link && { style: 'Hyperlink' }),
    ...(extra.size && { size: extra.size }),
    ...(extra.color && { color: extra.color }),
  });

function children(runs: Run[], extra: Parameters<typeof runOf>[1] = {}): ParagraphChild[] {
  return runs.map((run) =>
    run.link && /^(?:https?:|mailto:)/i.test(run.link)
      ? new ExternalHyperlink({ link: run.link, children: [runOf(run, extra)] })
      : runOf(run, extra),
  );
}

function image(placed: PlacedImage, alt: string): Paragraph {
  const scale = Math.min(1, TEXT_WIDTH_PX / placed.width, 900 / placed.height);
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    children: [
      new ImageRun({
        type: placed.type,
        data: placed.data,
        transformation: {
          width: Math.round(placed.width * scale),
          height: Math.round(placed.height * scale),
        },
        altText: { name: alt || 'Image', description: alt, title: alt },
      }),
    ],
  });
}

function blockParts(block: ExportBlock, imageOf: ImageOf): (Paragraph | Table)[] {
  switch (block.kind) {
    case 'title':
      return [docxTitle(block.text)];
    case 'heading':
      return [docxHeading(block.number ? `${block.number} ${block.text}` : block.text, block.depth)];
    case 'paragraph': {
      const style = block.style;
      return [
        new Paragraph({
          spacing: { after: 120 },
          ...(style === 'quote' && { indent: { left: 360 } }),
          children: children(block.runs, {
            ...(style === 'subtitle' && { size: Math.round(BODY_HALF_POINTS * 1.15) }),
            ...(style === 'caption' && { italics: true, color: '505a5f' }),
            ...(style === 'quote' && { italics: true }),
            ...(style === 'strong' && { bold: true }),
          }),
        }),
      ];
    }
    case 'listItem':
      return [
        block.ordered
          ? new Paragraph({
              indent: { left: 360 * (block.level + 1), hanging: 360 },
              children: [new TextRun(`${block.index}.\t`), ...children(block.runs)],
            })
          : new Paragraph({ bullet: { level: Math.min(block.level, 8) }, children: children(block.runs) }),
      ];
    case 'table':
      return [
        docxTable(block.header, block.rows),
        ...(block.caption
          ? [
              new Paragraph({
                children: [new TextRun({ text: block.caption, italics: true, color: '505a5f' })],
              }),
            ]
          : [new Paragraph({})]),
      ];
    case 'image':
      return [
        image(imageOf(block.ref), block.alt),
        ...(block.caption
          ? [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                spacing: { after: 200 },
                children: [new TextRun({ text: block.caption, italics: true, color: '505a5f' })],
              }),
            ]
          : []),
      ];
    case 'divider':
      return [
        new Paragraph({
          border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'b1b4b6', space: 1 } },
          spacing: { after: 200 },
          children: [],
        }),
      ];
    case 'question':
      return [
        new Paragraph({
          spacing: { before: 200, after: 80 },
          border: { left: { style: BorderStyle.SINGLE, size: 18, color: '1d70b8', space: 8 } },
          children: [new TextRun({ text: block.title, bold: true })],
        }),
        ...block.text.flatMap((inner) => blockParts(inner, imageOf)),
        ...block.lines.map((line) => new Paragraph({ indent: { left: 360 }, children: [new TextRun(line)] })),
      ];
  }
}

/**
 * The document's sections of pages: portrait, with each wide table (and its caption) on a
 * landscape page of its own between them.
 */
function pageSections(model: ExportModel, imageOf: ImageOf) {
  const sections: { landscape: boolean; children: (Paragraph | Table)[] }[] = [];
  let current: (Paragraph | Table)[] = [];
  for (const block of model.blocks) {
    if (block.kind === 'table' && isWideTable(block.header, block.rows)) {
      if (current.length > 0) sections.push({ landscape: false, children: current });
      sections.push({ landscape: true, children: blockParts(block, imageOf) });
      current = [];
    } else current.push(...blockParts(block, imageOf));
  }
  if (current.length > 0 || sections.length === 0) sections.push({ landscape: false, children: current });
  return sections.map((section) => docxSection(section.children, section.landscape));
}

/** Spec 02 §9: the council's Word page (document-export.docx-page.ts), links in its blue. */
export function writeDocx(model: ExportModel, imageOf: ImageOf): Promise<Buffer> {
  return docxFile(model.title, pageSections(model, imageOf), [
    { id: 'Hyperlink', name: 'Hyperlink', run: { color: '1d70b8', underline: {} } },
  ]);
}
