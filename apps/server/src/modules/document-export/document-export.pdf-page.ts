import PDFDocument from 'pdfkit';
import { DOCUMENT_EXPORT_PAGE as PAGE } from '@planning/shared';
import { FONT_FILES } from './document-export.draw';

/**
 * The council's PDF page, for every PDF the server writes (a document's export, a consultation
 * statement): the Word file's page in points (A4, 0.33 in margins, text at 0.155 in), the DejaVu
 * Sans shipped with the server, and the pieces both draw alike. Import it only from a writer that
 * is itself loaded on first use: pdfkit is not loaded with the server.
 */
export const MARGIN = PAGE.marginInches * 72;
export const BODY = PAGE.fontInches * 72;
export const TITLE = BODY * PAGE.rootTitleScale;
export const INK = '#0b0c0c';
export const SECONDARY = '#505a5f';
export const RULE = '#b1b4b6';

export type Pdf = InstanceType<typeof PDFDocument>;
/** A node of a tagged PDF's structure tree (`pdf.struct`). */
export type PdfStruct = ReturnType<Pdf['struct']>;

/**
 * A new PDF in the DejaVu Sans the document export ships (every glyph a council types). `finish`
 * numbers the pages once their count is known, then ends the file and gives its bytes. `tagged`
 * makes an accessible PDF (PDF/UA's tagged PDF 1.7: British English, the title shown as the
 * window's title, the page numbers marked as page furniture): its writer then puts what it draws
 * in the structure tree.
 */
export function startPdf(
  title: string,
  options: { tagged?: boolean } = {},
): { pdf: Pdf; finish: () => Promise<Buffer> } {
  const tagged = options.tagged ?? false;
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Creator: 'Planning platform' },
    ...(tagged ? { tagged: true, pdfVersion: '1.7' as const, lang: 'en-GB', displayTitle: true } : {}),
  });
  pdf.registerFont('Body', FONT_FILES[0]!);
  pdf.registerFont('Bold', FONT_FILES[1]!);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const finish = () => {
    // Inside the bottom margin, so no new page.
    const range = pdf.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      pdf.switchToPage(i);
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      if (tagged) pdf.markContent('Artifact', { type: 'Pagination' });
      pdf
        .font('Body')
        .fontSize(BODY * 0.75)
        .fillColor(SECONDARY)
        .text(`Page ${i + 1} of ${range.count}`, MARGIN, pdf.page.height - MARGIN + 4, {
          width: pdf.page.width - 2 * MARGIN,
          align: 'right',
          lineBreak: false,
        });
      if (tagged) pdf.endMarkedContent();
      pdf.page.margins.bottom = bottom;
    }
    pdf.end();
    return ended;
  };
  return { pdf, finish };
}

/** Leaves room for `height` points on this page, or starts the next. */
export function room(pdf: Pdf, height: number) {
  if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
}

export function pdfTitle(pdf: Pdf, text: string) {
  pdf.font('Bold').fontSize(TITLE).fillColor(INK).text(text);
  pdf.moveDown(0.5);
}

/** A heading at `size` points, on the page of the `keep` points that follow it. */
export function pdfHeading(pdf: Pdf, text: string, size: number, keep: number) {
  room(pdf, keep);
  pdf.moveDown(0.6);
  pdf.font('Bold').fontSize(size).fillColor(INK).text(text);
  pdf.moveDown(0.3);
}

/**
 * A table across the text width, its header shaded, a row moved whole to the next page. With
 * `keepShortTogether`, a table shorter than half a page starts on the next rather than splitting.
 * With `struct` (a tagged PDF), the table goes under it as Table, TR, TH and TD, its lines and
 * shading marked as page furniture.
 */
export function pdfTable(
  pdf: Pdf,
  header: string[],
  rows: string[][],
  options: { keepShortTogether?: boolean; spaceAfter?: number; struct?: PdfStruct } = {},
) {
  const columns = Math.max(header.length, ...rows.map((row) => row.length), 1);
  const column = (pdf.page.width - 2 * MARGIN) / columns;
  const pad = 4;
  const cellsOf = (cells: string[]) => Array.from({ length: columns }, (_, i) => cells[i] ?? '');
  const heightOf = (cells: string[], bold: boolean) => {
    pdf.font(bold ? 'Bold' : 'Body').fontSize(BODY * 0.9);
    return (
      Math.max(...cellsOf(cells).map((cell) => pdf.heightOfString(cell, { width: column - 2 * pad }))) +
      2 * pad
    );
  };
  const lines = [
    ...(header.length > 0 ? [{ cells: header, bold: true }] : []),
    ...rows.map((cells) => ({ cells, bold: false })),
  ];
  if (options.keepShortTogether) {
    const whole = lines.reduce((sum, line) => sum + heightOf(line.cells, line.bold), 0);
    if (whole < (pdf.page.height - 2 * MARGIN) / 2) room(pdf, whole);
  }
  const table = options.struct && pdf.struct('Table');
  if (table) options.struct!.add(table);
  for (const { cells, bold } of lines) {
    const height = heightOf(cells, bold);
    room(pdf, height);
    const top = pdf.y;
    const row = table && pdf.struct('TR');
    if (row) table!.add(row);
    cellsOf(cells).forEach((cell, i) => {
      const x = MARGIN + i * column;
      if (row) pdf.markContent('Artifact', { type: 'Layout' });
      if (bold) pdf.rect(x, top, column, height).fillAndStroke('#f3f2f1', RULE);
      else pdf.rect(x, top, column, height).stroke(RULE);
      if (row) pdf.endMarkedContent();
      const write = () => pdf.fillColor(INK).text(cell, x + pad, top + pad, { width: column - 2 * pad });
      if (row) row.add(pdf.struct(bold ? 'TH' : 'TD', {}, write));
      else write();
    });
    row?.end();
    pdf.x = MARGIN;
    pdf.y = top + height;
  }
  table?.end();
  pdf.moveDown(options.spaceAfter ?? 0.5);
}
