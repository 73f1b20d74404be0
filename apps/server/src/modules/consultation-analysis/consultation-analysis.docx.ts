import { Paragraph, TextRun, type Table } from 'docx';
import {
  docxFile,
  docxHeading,
  docxSection,
  docxTable,
  docxTitle,
} from '../document-export/document-export.docx-page';
import type { Statement, StatementBlock } from './consultation-analysis.statement';

function parts(block: StatementBlock): (Paragraph | Table)[] {
  switch (block.kind) {
    case 'title':
      return [docxTitle(block.text)];
    case 'heading':
      return [docxHeading(block.text, block.level)];
    case 'paragraph':
      return [new Paragraph({ spacing: { after: 120 }, children: [new TextRun(block.text)] })];
    case 'quote':
      return [
        new Paragraph({
          indent: { left: 567 },
          spacing: { after: 120 },
          children: [new TextRun(block.text)],
        }),
      ];
    case 'bullets':
      return block.items.map(
        (item) => new Paragraph({ bullet: { level: 0 }, children: [new TextRun(item)] }),
      );
    case 'table':
      return [docxTable(block.header, block.rows), new Paragraph({})];
  }
}

/** The statement as a Word file, on the council's page (document-export.docx-page.ts). */
export function statementDocx(statement: Statement): Promise<Buffer> {
  return docxFile(statement.title, [docxSection(statement.blocks.flatMap(parts))]);
}
