import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Packer,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { DOCUMENT_EXPORT_PAGE as PAGE } from '@planning/shared';
import type { ExportBlock, ExportModel, ImageRef, Run } from './document-export.model';

export type PlacedImage = { data: Buffer; width: number; height: number; type: 'png' | 'jpg' };
export type ImageOf = (ref: ImageRef) => PlacedImage;

const FONT = 'Arial';
/** Spec 02 §9: 0.155 in is 11.16 pt, 22 half-points; root titles 1.5 times that. */
const BODY_HALF_POINTS = Math.round(PAGE.fontInches * 72 * 2);
const TITLE_HALF_POINTS = Math.round(BODY_HALF_POINTS * PAGE.rootTitleScale);
const MARGIN_TWIPS = Math.round(PAGE.marginInches * 1440);
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

const columnsOf = (header: string[], rows: string[][]) =>
  Math.max(header.length, ...rows.map((row) => row.length), 1);

/** A table whose columns at their least (1750 twips) would not fit the portrait width. */
export const isWideTable = (header: string[], rows: string[][]) =>
  columnsOf(header, rows) * PAGE.tableColumnMin > PAGE.tableWidthPortrait;

/**
 * Spec 02 §9 table widths: 10000 twips on a portrait page, 16000 on a landscape one (a wide
 * table's own), every column at least 1750.
 */
function table(header: string[], rows: string[][]): Table {
  const columns = columnsOf(header, rows);
  const width = isWideTable(header, rows) ? PAGE.tableWidthLandscape : PAGE.tableWidthPortrait;
  const column = Math.max(PAGE.tableColumnMin, Math.floor(width / columns));
  const cell = (text: string, bold = false) =>
    new TableCell({
      width: { size: column, type: WidthType.DXA },
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
    });
  const line = (cells: string[], bold = false) =>
    new TableRow({
      tableHeader: bold,
      children: Array.from({ length: columns }, (_, i) => cell(cells[i] ?? '', bold)),
    });
  return new Table({
    width: { size: column * columns, type: WidthType.DXA },
    columnWidths: Array.from({ length: columns }, () => column),
    rows: [...(header.length > 0 ? [line(header, true)] : []), ...rows.map((row) => line(row))],
  });
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

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
];

function blockParts(block: ExportBlock, imageOf: ImageOf): (Paragraph | Table)[] {
  switch (block.kind) {
    case 'title':
      return [
        new Paragraph({
          heading: HeadingLevel.TITLE,
          spacing: { after: 240 },
          children: [new TextRun({ text: block.text, bold: true, size: TITLE_HALF_POINTS, font: FONT })],
        }),
      ];
    case 'heading': {
      const size = Math.round(BODY_HALF_POINTS * ([1.3, 1.15][block.depth - 1] ?? 1));
      return [
        new Paragraph({
          heading: HEADINGS[Math.min(block.depth, 4) - 1] ?? HeadingLevel.HEADING_4,
          // A heading stays on the page of what follows it.
          keepNext: true,
          spacing: { before: 240, after: 120 },
          children: [
            new TextRun({
              text: block.number ? `${block.number} ${block.text}` : block.text,
              bold: true,
              size,
              font: FONT,
              color: '0b0c0c',
            }),
          ],
        }),
      ];
    }
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
        table(block.header, block.rows),
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

const MARGINS = { top: MARGIN_TWIPS, right: MARGIN_TWIPS, bottom: MARGIN_TWIPS, left: MARGIN_TWIPS };

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
  return sections.map((section) => ({
    properties: {
      page: {
        // docx writes a landscape page's width and height the other way round.
        size: {
          width: PAGE.widthTwips,
          height: PAGE.heightTwips,
          orientation: section.landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
        },
        margin: MARGINS,
      },
    },
    children: section.children,
  }));
}

/** Spec 02 §9: an A4 page (8.27 x 11.7 in) with 0.33 in margins, text at 0.155 in. */
export async function writeDocx(model: ExportModel, imageOf: ImageOf): Promise<Buffer> {
  const document = new Document({
    title: model.title,
    creator: 'Planning platform',
    styles: {
      default: { document: { run: { font: FONT, size: BODY_HALF_POINTS } } },
      characterStyles: [{ id: 'Hyperlink', name: 'Hyperlink', run: { color: '1d70b8', underline: {} } }],
    },
    sections: pageSections(model, imageOf),
  });
  return Packer.toBuffer(document);
}
