import {
  Document,
  HeadingLevel,
  Packer,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ICharacterStyleOptions,
  type ISectionOptions,
} from 'docx';
import { DOCUMENT_EXPORT_PAGE as PAGE } from '@planning/shared';
import { isWideTable, tableColumns } from './document-export.model';

/**
 * The council's Word page (spec 02 §9), for every Word file the server writes (a document's
 * export, a consultation statement): an A4 page (8.27 x 11.7 in) with 0.33 in margins, text at
 * 0.155 in, and the pieces both write alike. Import it only from a writer that is itself loaded
 * on first use: docx is not loaded with the server.
 */
export const FONT = 'Arial';
/** Spec 02 §9: 0.155 in is 11.16 pt, 22 half-points; root titles 1.5 times that. */
export const BODY_HALF_POINTS = Math.round(PAGE.fontInches * 72 * 2);
const TITLE_HALF_POINTS = Math.round(BODY_HALF_POINTS * PAGE.rootTitleScale);
export const MARGIN_TWIPS = Math.round(PAGE.marginInches * 1440);
const MARGINS = { top: MARGIN_TWIPS, right: MARGIN_TWIPS, bottom: MARGIN_TWIPS, left: MARGIN_TWIPS };

/** A section of pages: portrait, or landscape for a wide table of its own. */
export function docxSection(children: ISectionOptions['children'], landscape = false): ISectionOptions {
  return {
    properties: {
      page: {
        // docx writes a landscape page's width and height the other way round.
        size: {
          width: PAGE.widthTwips,
          height: PAGE.heightTwips,
          orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
        },
        margin: MARGINS,
      },
    },
    children,
  };
}

/** The Word file: its sections in the council's font and size. */
export function docxFile(
  title: string,
  sections: ISectionOptions[],
  characterStyles: ICharacterStyleOptions[] = [],
): Promise<Buffer> {
  const document = new Document({
    title,
    creator: 'Planning platform',
    styles: {
      default: { document: { run: { font: FONT, size: BODY_HALF_POINTS } } },
      ...(characterStyles.length > 0 && { characterStyles }),
    },
    sections,
  });
  return Packer.toBuffer(document);
}

export function docxTitle(text: string): Paragraph {
  return new Paragraph({
    heading: HeadingLevel.TITLE,
    spacing: { after: 240 },
    children: [new TextRun({ text, bold: true, size: TITLE_HALF_POINTS, font: FONT })],
  });
}

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
];

/** A heading of `depth` (1, 2 …), kept on the page of what follows it. */
export function docxHeading(text: string, depth: number): Paragraph {
  return new Paragraph({
    heading: HEADINGS[Math.min(depth, 4) - 1] ?? HeadingLevel.HEADING_4,
    keepNext: true,
    spacing: { before: 240, after: 120 },
    children: [
      new TextRun({
        text,
        bold: true,
        size: Math.round(BODY_HALF_POINTS * ([1.3, 1.15][depth - 1] ?? 1)),
        font: FONT,
        color: '0b0c0c',
      }),
    ],
  });
}

/**
 * Spec 02 §9 table widths: 10000 twips on a portrait page, 16000 on a landscape one (a wide
 * table's own), every column at least 1750.
 */
export function docxTable(header: string[], rows: string[][]): Table {
  const columns = tableColumns(header, rows);
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
