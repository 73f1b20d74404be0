import {
  BODY,
  INK,
  MARGIN,
  pdfHeading,
  pdfTable,
  pdfTitle,
  room,
  startPdf,
  type Pdf,
} from '../document-export/document-export.pdf-page';
import type { Statement, StatementBlock } from './consultation-analysis.statement';

function block(pdf: Pdf, item: StatementBlock) {
  pdf.x = MARGIN;
  switch (item.kind) {
    case 'title':
      pdfTitle(pdf, item.text);
      return;
    case 'heading': {
      const size = BODY * (item.level === 1 ? 1.3 : 1.15);
      // A heading stays with a few lines of what follows it.
      pdfHeading(pdf, item.text, size, size * 4);
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
      // A short table stays on one page: it starts on the next rather than splitting.
      pdfTable(pdf, item.header, item.rows, { keepShortTogether: true, spaceAfter: 0.6 });
      return;
  }
}

/** The statement as a PDF, on the document export's page (document-export.pdf-page.ts). */
export function statementPdf(statement: Statement): Promise<Buffer> {
  const { pdf, finish } = startPdf(statement.title);
  for (const item of statement.blocks) block(pdf, item);
  return finish();
}
