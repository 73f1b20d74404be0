import { describe, expect, it } from 'vitest';
import { documentConfigSchema } from '@planning/shared';
import { renderForPublic } from '../documents/documents.service';
import { fitExtent, metresLabel, niceCeil } from './document-export.draw';
import { attachmentIdOf, buildExportModel, htmlBlocks, printable } from './document-export.model';
import { exportFileName, imageSize } from './document-export.service';
import { round2, siteValue, type MapSite } from './document-export.sites';

const DOC = '11111111-2222-4333-8444-555555555555';
const FILE = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('rich text as blocks (the public read’s sanitised HTML)', () => {
  it('keeps emphasis, links, line breaks, nested lists, tables and our images, in order', () => {
    const blocks = htmlBlocks(
      `<h2>Why</h2><p>Plain <strong>bold <em>both</em></strong> and <a href="https://gov.uk">a link</a><br>next line</p>` +
        `<ul><li><p>One</p><ol start="3"><li>Three</li></ol></li></ul>` +
        `<table><tbody><tr><th>Site</th><th>Homes</th></tr><tr><td>North</td><td>120</td></tr></tbody></table>` +
        `<p><img src="/api/v1/public/documents/${DOC}/attachments/${FILE}" alt="Plan"></p><hr>`,
      DOC,
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', runs: [{ text: 'Why', bold: true }], style: 'strong' },
      {
        kind: 'paragraph',
        runs: [
          { text: 'Plain ' },
          { text: 'bold ', bold: true },
          { text: 'both', bold: true, italic: true },
          { text: ' and ' },
          { text: 'a link', link: 'https://gov.uk' },
          { text: '', breakBefore: true },
          { text: 'next line' },
        ],
      },
      { kind: 'listItem', runs: [{ text: 'One' }], ordered: false, level: 0, index: 1 },
      { kind: 'listItem', runs: [{ text: 'Three' }], ordered: true, level: 1, index: 3 },
      { kind: 'table', header: ['Site', 'Homes'], rows: [['North', '120']] },
      { kind: 'image', ref: { kind: 'attachment', fileId: FILE }, alt: 'Plan' },
      { kind: 'divider' },
    ]);
  });

  it('drops the control characters a Word file may not hold', () => {
    expect(printable({ runs: [{ text: 'Bell\u0007 and\ttab\u0000' }], n: 1 })).toEqual({
      runs: [{ text: 'Bell and\ttab' }],
      n: 1,
    });
  });

  it("takes only this document's attachments for images", () => {
    expect(attachmentIdOf(`https://x.gov.uk/api/v1/documents/${DOC}/attachments/${FILE}/download`, DOC)).toBe(
      FILE,
    );
    expect(attachmentIdOf(`/api/v1/public/documents/${DOC}/attachments/${FILE}?share=abc`, DOC)).toBe(FILE);
    expect(attachmentIdOf(`/api/v1/public/documents/${FILE}/attachments/${FILE}`, DOC)).toBeNull();
    expect(attachmentIdOf('https://example.com/picture.png', DOC)).toBeNull();
  });
});

describe('the document in reading order', () => {
  const config = (hide: boolean) =>
    renderForPublic(
      documentConfigSchema.parse({
        root: 'root',
        documentSettings: { hideSectionNumberings: hide },
        entities: {
          root: { id: 'root', type: 'section', title: 'Plan', childSectionIds: ['a', 'b'] },
          a: { id: 'a', type: 'section', title: 'First', childSectionIds: ['a1'] },
          a1: { id: 'a1', type: 'subSection', title: 'Inner', childSectionIds: ['q'] },
          q: {
            id: 'q',
            type: 'question',
            question: {
              id: 'q1',
              title: 'Pick',
              type: 'checkboxQuestion',
              maxSelected: 2,
              options: [{ title: 'A', description: 'first' }, { title: 'B' }],
            },
          },
          b: { id: 'b', type: 'section', title: 'Second', childSectionIds: ['m'] },
          m: { id: 'm', type: 'map', caption: 'Sites' },
        },
      }),
    );

  it("numbers sections as the page does ('1', '1.1'), or not at all when hidden", async () => {
    const model = buildExportModel(DOC, 'Plan', await config(false));
    expect(model.blocks.filter((block) => block.kind === 'heading')).toEqual([
      { kind: 'heading', depth: 1, number: '1', text: 'First' },
      { kind: 'heading', depth: 2, number: '1.1', text: 'Inner' },
      { kind: 'heading', depth: 1, number: '2', text: 'Second' },
    ]);
    expect(model.blocks).toContainEqual({
      kind: 'question',
      title: 'Pick',
      text: [],
      lines: ['☐ A – first', '☐ B', 'Choose up to 2'],
    });
    expect(model.images).toEqual([{ kind: 'map', entityId: 'm' }]);
    const hidden = buildExportModel(DOC, 'Plan', await config(true));
    expect(hidden.blocks.filter((block) => block.kind === 'heading').map((block) => block.number)).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('small rules', () => {
  it('rounds spreadsheet numbers to 2 decimals and reads columns, then attributes', () => {
    expect(round2(1.005 + 1e-9)).toBe(1.01);
    const site = {
      row: { size_ha: '2.34567', site_name: 'North', attributes: { ward_score: 7.126, note: '' } },
    } as unknown as MapSite;
    expect(siteValue(site, 'size_ha')).toBe(2.35);
    expect(siteValue(site, 'ward_score')).toBe(7.13);
    expect(siteValue(site, 'site_name')).toBe('North');
    expect(siteValue(site, 'note')).toBeNull();
    expect(siteValue(site, 'missing')).toBeNull();
  });

  it('makes file names from titles and reads picture sizes from headers', () => {
    expect(exportFileName('Local Plan: 2026/41 *draft*', 'pdf')).toBe('Local Plan 2026 41 draft.pdf');
    expect(exportFileName('   ', 'docx')).toBe('Document.docx');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4AWM8AQQMQMDEAAUAMKYDJOk+9mYAAAAASUVORK5CYII=',
      'base64',
    );
    expect(imageSize(png)).toEqual({ type: 'png', width: 2, height: 2 });
    expect(imageSize(Buffer.from('GIF89a....................'))).toBeNull();
  });

  it('fits the map to the picture’s shape and labels the scale bar', () => {
    const extent = fitExtent({ minX: 0, minY: 0, maxX: 1000, maxY: 1000 }, 1.5);
    expect((extent.maxX - extent.minX) / (extent.maxY - extent.minY)).toBeCloseTo(1.5);
    expect(metresLabel(500)).toBe('500 m');
    expect(metresLabel(2000)).toBe('2 km');
    expect([290, 4200, 0.3, 100].map(niceCeil)).toEqual([500, 5000, 0.5, 100]);
  });
});
