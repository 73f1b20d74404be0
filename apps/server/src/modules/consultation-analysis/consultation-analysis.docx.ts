import {
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { DOCUMENT_EXPORT_PAGE as PAGE } from '@planning/shared';
import type { Statement, StatementBlock } from './consultation-analysis.statement';

/** The page of the council's other Word files (spec 02 §9): A4, 0.33 in margins, text at 0.155 in. */
const FONT = 'Arial';
const BODY_HALF_POINTS = Math.round(PAGE.fontInches * 72 * 2);
const TITLE_HALF_POINTS = Math.round(BODY_HALF_POINTS * PAGE.rootTitleScale);
const MARGIN_TWIPS = Math.round(PAGE.marginInches * 1440);

function table(header: string[], rows: string[][]): Table {
  const column = Math.max(PAGE.tableColumnMin, Math.floor(PAGE.tableWidthPortrait / header.length));
  const line = (cells: string[], bold: boolean) =>
    new TableRow({
      tableHeader: bold,
      children: cells.map(
        (text) =>
          new TableCell({
            width: { size: column, type: WidthType.DXA },
            children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
          }),
      ),
    });
  return new Table({
    width: { size: column * header.length, type: WidthType.DXA },
    columnWidths: header.map(() => column),
    rows: [line(header, true), ...rows.map((row) => line(row, false))],
  });
}

function parts(block: StatementBlock): (Paragraph | Table)[] {
  switch (block.kind) {
    case 'title':
      return [
        new Paragraph({
          heading: HeadingLevel.TITLE,
          spacing: { after: 240 },
          children: [new TextRun({ text: block.text, bold: true, size: TITLE_HALF_POINTS, font: FONT })],
        }),
      ];
    case 'heading':
      return [
        new Paragraph({
          heading: block.level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
          keepNext: true,
          spacing: { before: 240, after: 120 },
          children: [
            new TextRun({
              text: block.text,
              bold: true,
              font: FONT,
              size: Math.round(BODY_HALF_POINTS * (block.level === 1 ? 1.3 : 1.15)),
              color: '0b0c0c',
            }),
          ],
        }),
      ];
    case 'paragraph':
      return [new Paragraph({ spacing: { after: 120 }, children: [new TextRun(block.text)] })];
    case 'bullets':
      return block.items.map(
        (item) => new Paragraph({ bullet: { level: 0 }, children: [new TextRun(item)] }),
      );
    case 'table':
      return [table(block.header, block.rows), new Paragraph({})];
  }
}

/** The statement as a Word file. */
export async function statementDocx(statement: Statement): Promise<Buffer> {
  const document = new Document({
    title: statement.title,
    creator: 'Planning platform',
    styles: { default: { document: { run: { font: FONT, size: BODY_HALF_POINTS } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.widthTwips, height: PAGE.heightTwips },
            margin: { top: MARGIN_TWIPS, right: MARGIN_TWIPS, bottom: MARGIN_TWIPS, left: MARGIN_TWIPS },
          },
        },
        children: statement.blocks.flatMap(parts),
      },
    ],
  });
  return Packer.toBuffer(document);
}
