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
  type PdfStruct,
} from '../document-export/document-export.pdf-page';
import type { Statement, StatementBlock } from './consultation-analysis.statement';

/** Set-in text: a list item's body, a response in the council's words. */
const INDENT = 14;
const textWidth = (pdf: Pdf, indent: number) => pdf.page.width - 2 * MARGIN - indent;

/**
 * One block, drawn and put in the structure tree under `root`: the title H1, headings H2 and H3
 * (one level under the title), paragraphs P, responses BlockQuote, lists L of LI with a Lbl (the
 * bullet) and an LBody, tables Table. What moves to a new page does so before its element opens,
 * so no marked content is cut across a page.
 */
function block(pdf: Pdf, root: PdfStruct, item: StatementBlock) {
  pdf.x = MARGIN;
  const tag = (type: string, draw: () => void) => root.add(pdf.struct(type, {}, draw));
  switch (item.kind) {
    case 'title':
      tag('H1', () => pdfTitle(pdf, item.text));
      return;
    case 'heading': {
      const size = BODY * (item.level === 1 ? 1.3 : 1.15);
      // A heading stays with a few lines of what follows it.
      room(pdf, size * 4);
      tag(item.level === 1 ? 'H2' : 'H3', () => pdfHeading(pdf, item.text, size, size * 4));
      return;
    }
    case 'paragraph':
      room(pdf, BODY * 2);
      tag('P', () => pdf.font('Body').fontSize(BODY).fillColor(INK).text(item.text));
      pdf.moveDown(0.4);
      return;
    case 'quote':
      room(pdf, BODY * 2);
      tag('BlockQuote', () =>
        pdf
          .font('Body')
          .fontSize(BODY)
          .fillColor(INK)
          .text(item.text, MARGIN + INDENT, pdf.y, { width: textWidth(pdf, INDENT) }),
      );
      pdf.x = MARGIN;
      pdf.moveDown(0.4);
      return;
    case 'bullets': {
      pdf.font('Body').fontSize(BODY).fillColor(INK);
      const list = pdf.struct('L');
      root.add(list);
      for (const text of item.items) {
        room(pdf, BODY * 2);
        const top = pdf.y;
        const entry = pdf.struct('LI');
        list.add(entry);
        entry.add(pdf.struct('Lbl', {}, () => pdf.text('•', MARGIN, top, { lineBreak: false })));
        entry.add(
          pdf.struct('LBody', {}, () =>
            pdf.text(text, MARGIN + INDENT, top, { width: textWidth(pdf, INDENT) }),
          ),
        );
        entry.end();
      }
      list.end();
      pdf.x = MARGIN;
      pdf.moveDown(0.4);
      return;
    }
    case 'table':
      // A short table stays on one page: it starts on the next rather than splitting.
      pdfTable(pdf, item.header, item.rows, { keepShortTogether: true, spaceAfter: 0.6, struct: root });
      return;
  }
}

/**
 * The statement as a tagged, accessible PDF (title, language, structure tree), on the document
 * export's page (document-export.pdf-page.ts).
 */
export function statementPdf(statement: Statement): Promise<Buffer> {
  const { pdf, finish } = startPdf(statement.title, { tagged: true });
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  for (const item of statement.blocks) block(pdf, root, item);
  root.end();
  return finish();
}
