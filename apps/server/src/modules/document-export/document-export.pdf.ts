import type { ImageOf } from './document-export.docx';
import { isWideTable, type ExportBlock, type ExportModel, type Run } from './document-export.model';
import {
  BODY,
  INK,
  MARGIN,
  pdfHeading,
  pdfTable,
  pdfTitle,
  room,
  RULE,
  SECONDARY,
  startPdf,
  type Pdf,
} from './document-export.pdf-page';

const LINK = '#1d70b8';

/** The laid-out document, ready for its last step (page numbers, then the bytes). */
export type LaidOut = { pdf: Pdf; finish: () => Promise<Buffer> };

function runs(
  pdf: Pdf,
  list: Run[],
  options: { size?: number; bold?: boolean; italic?: boolean; colour?: string; indent?: number } = {},
) {
  const usable = list.filter((run) => run.text !== '' || run.breakBefore);
  if (usable.length === 0) return;
  pdf.fontSize(options.size ?? BODY);
  usable.forEach((run, i) => {
    const last = i === usable.length - 1;
    pdf.font(run.bold || options.bold ? 'Bold' : 'Body');
    pdf.fillColor(run.link ? LINK : (options.colour ?? INK));
    const link = run.link && /^(?:https?:|mailto:)/i.test(run.link) ? run.link : null;
    pdf.text(`${run.breakBefore ? '\n' : ''}${run.text}`, {
      continued: !last,
      link,
      underline: Boolean(run.underline || link),
      strike: Boolean(run.strike),
      oblique: run.italic || options.italic ? 12 : false,
      ...(i === 0 && options.indent ? { indent: options.indent } : {}),
    });
  });
  pdf.fillColor(INK);
}

/** The height an image block takes on the page (to keep a heading with the picture after it). */
function imageHeight(pdf: Pdf, item: ExportBlock | undefined, imageOf: ImageOf): number {
  if (item?.kind !== 'image') return 0;
  const placed = imageOf(item.ref);
  const width = pdf.page.width - 2 * MARGIN;
  const scale = Math.min(width / placed.width, ((pdf.page.height - 2 * MARGIN) * 0.6) / placed.height, 1);
  return placed.height * scale + (item.caption ? BODY * 2 : 0);
}

function block(pdf: Pdf, item: ExportBlock, imageOf: ImageOf, next?: ExportBlock) {
  pdf.x = MARGIN;
  switch (item.kind) {
    case 'title':
      pdfTitle(pdf, item.text);
      return;
    case 'heading': {
      const size = BODY * ([1.3, 1.15][item.depth - 1] ?? 1);
      // A heading stays with what follows it: a line of text, or the whole picture.
      const keep = size * 3 + imageHeight(pdf, next, imageOf);
      pdfHeading(pdf, item.number ? `${item.number} ${item.text}` : item.text, size, keep);
      return;
    }
    case 'paragraph':
      runs(pdf, item.runs, {
        ...(item.style === 'subtitle' && { size: BODY * 1.15 }),
        ...(item.style === 'caption' && { italic: true, colour: SECONDARY }),
        ...(item.style === 'quote' && { italic: true }),
        ...(item.style === 'strong' && { bold: true }),
      });
      pdf.moveDown(0.4);
      return;
    case 'listItem': {
      const indent = 14 * (item.level + 1);
      pdf.x = MARGIN + indent;
      pdf.font('Body').fontSize(BODY).fillColor(INK);
      pdf.text(item.ordered ? `${item.index}. ` : '• ', { continued: item.runs.length > 0 });
      runs(pdf, item.runs);
      pdf.x = MARGIN;
      return;
    }
    case 'table': {
      // As in the Word file: a table too wide for a portrait page gets a landscape one.
      const wide = isWideTable(item.header, item.rows);
      const margins = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
      if (wide) pdf.addPage({ size: 'A4', layout: 'landscape', margins });
      pdfTable(pdf, item.header, item.rows);
      if (item.caption) runs(pdf, [{ text: item.caption }], { italic: true, colour: SECONDARY });
      if (wide) pdf.addPage({ size: 'A4', layout: 'portrait', margins });
      return;
    }
    case 'image': {
      const placed = imageOf(item.ref);
      const width = pdf.page.width - 2 * MARGIN;
      const h = imageHeight(pdf, item, imageOf) - (item.caption ? BODY * 2 : 0);
      const w = (placed.width * h) / placed.height;
      room(pdf, imageHeight(pdf, item, imageOf));
      pdf.image(placed.data, MARGIN + (width - w) / 2, pdf.y, { width: w, height: h });
      pdf.y += h + 4;
      pdf.x = MARGIN;
      if (item.caption)
        pdf
          .font('Body')
          .fontSize(BODY)
          .fillColor(SECONDARY)
          .text(item.caption, { align: 'center', oblique: 12 });
      pdf.fillColor(INK).moveDown(0.5);
      return;
    }
    case 'divider':
      room(pdf, 12);
      pdf
        .moveTo(MARGIN, pdf.y + 4)
        .lineTo(pdf.page.width - MARGIN, pdf.y + 4)
        .lineWidth(0.75)
        .stroke(RULE);
      pdf.y += 12;
      return;
    case 'question': {
      room(pdf, BODY * 4);
      pdf.moveDown(0.3);
      const top = pdf.y;
      pdf.x = MARGIN + 8;
      pdf
        .font('Bold')
        .fontSize(BODY)
        .fillColor(INK)
        .text(item.title, { width: pdf.page.width - 2 * MARGIN - 8 });
      pdf.rect(MARGIN, top, 3, pdf.y - top).fill(LINK);
      pdf.fillColor(INK);
      pdf.moveDown(0.2);
      for (const inner of item.text) block(pdf, inner, imageOf);
      for (const line of item.lines) {
        pdf.x = MARGIN + 14;
        pdf.font('Body').fontSize(BODY).text(line);
      }
      pdf.x = MARGIN;
      pdf.moveDown(0.5);
      return;
    }
  }
}

/**
 * Spec 02 §2 the PDF download, drawn by pdfkit (pure JavaScript) in the DejaVu Sans shipped with
 * the server: every character a council may type has a glyph, and nothing depends on the machine.
 */
export function layOutPdf(model: ExportModel, imageOf: ImageOf): LaidOut {
  const { pdf, finish } = startPdf(model.title);
  model.blocks.forEach((item, i) => block(pdf, item, imageOf, model.blocks[i + 1]));
  return { pdf, finish };
}
