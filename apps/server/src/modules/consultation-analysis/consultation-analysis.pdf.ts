import PDFDocument from 'pdfkit';
import { DOCUMENT_EXPORT_PAGE as PAGE } from '@planning/shared';
import { FONT_FILES } from '../document-export/document-export.draw';
import type { Statement, StatementBlock } from './consultation-analysis.statement';

/** The same page as the Word file, in points: A4, 0.33 in margins, text at 0.155 in. */
const MARGIN = PAGE.marginInches * 72;
const BODY = PAGE.fontInches * 72;
const TITLE = BODY * PAGE.rootTitleScale;
const INK = '#0b0c0c';
const SECONDARY = '#505a5f';
const RULE = '#b1b4b6';

type Pdf = InstanceType<typeof PDFDocument>;

/** Leaves room for `height` points on this page, or starts the next. */
function room(pdf: Pdf, height: number) {
  if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
}

function table(pdf: Pdf, header: string[], rows: string[][]) {
  const width = pdf.page.width - 2 * MARGIN;
  const column = width / header.length;
  const pad = 4;
  const heightOf = (cells: string[], bold: boolean) => {
    pdf.font(bold ? 'Bold' : 'Body').fontSize(BODY * 0.9);
    return Math.max(...cells.map((cell) => pdf.heightOfString(cell, { width: column - 2 * pad }))) + 2 * pad;
  };
  // A short table stays on one page: it starts on the next rather than splitting.
  const whole = heightOf(header, true) + rows.reduce((sum, row) => sum + heightOf(row, false), 0);
  if (whole < (pdf.page.height - 2 * MARGIN) / 2) room(pdf, whole);
  const line = (cells: string[], bold: boolean) => {
    const height = heightOf(cells, bold);
    room(pdf, height);
    const top = pdf.y;
    cells.forEach((cell, i) => {
      const x = MARGIN + i * column;
      if (bold) pdf.rect(x, top, column, height).fillAndStroke('#f3f2f1', RULE);
      else pdf.rect(x, top, column, height).stroke(RULE);
      pdf.fillColor(INK).text(cell, x + pad, top + pad, { width: column - 2 * pad });
    });
    pdf.x = MARGIN;
    pdf.y = top + height;
  };
  line(header, true);
  for (const row of rows) line(row, false);
  pdf.moveDown(0.6);
}

function block(pdf: Pdf, item: StatementBlock) {
  pdf.x = MARGIN;
  switch (item.kind) {
    case 'title':
      pdf.font('Bold').fontSize(TITLE).fillColor(INK).text(item.text);
      pdf.moveDown(0.5);
      return;
    case 'heading': {
      const size = BODY * (item.level === 1 ? 1.3 : 1.15);
      // A heading stays with a few lines of what follows it.
      room(pdf, size * 4);
      pdf.moveDown(0.6);
      pdf.font('Bold').fontSize(size).fillColor(INK).text(item.text);
      pdf.moveDown(0.3);
      return;
    }
    case 'paragraph':
      pdf.font('Body').fontSize(BODY).fillColor(INK).text(item.text);
      pdf.moveDown(0.4);
      return;
    case 'bullets':
      pdf.font('Body').fontSize(BODY).fillColor(INK);
      for (const text of item.items) {
        room(pdf, BODY * 2);
        pdf.text(`•  ${text}`, MARGIN + 10, pdf.y, { indent: 0, width: pdf.page.width - 2 * MARGIN - 10 });
      }
      pdf.x = MARGIN;
      pdf.moveDown(0.4);
      return;
    case 'table':
      table(pdf, item.header, item.rows);
      return;
  }
}

/** The statement as a PDF, in the DejaVu Sans the document export ships (every glyph a council types). */
export function statementPdf(statement: Statement): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: statement.title, Creator: 'Planning platform' },
  });
  pdf.registerFont('Body', FONT_FILES[0]!);
  pdf.registerFont('Bold', FONT_FILES[1]!);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const item of statement.blocks) block(pdf, item);
  // Page numbers once the count is known, inside the bottom margin (so no new page).
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('Body')
      .fontSize(BODY * 0.75)
      .fillColor(SECONDARY)
      .text(`Page ${i + 1} of ${range.count}`, MARGIN, pdf.page.height - MARGIN + 4, {
        width: pdf.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return ended;
}
