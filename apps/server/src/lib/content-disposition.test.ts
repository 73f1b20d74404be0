import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps a plain name, and gives the exact name in UTF-8 as well', () => {
    expect(contentDisposition('sites.gpkg')).toBe(
      `attachment; filename="sites.gpkg"; filename*=UTF-8''sites.gpkg`,
    );
    expect(contentDisposition('Tonbridge – sites.csv', 'inline')).toBe(
      `inline; filename="Tonbridge _ sites.csv"; filename*=UTF-8''Tonbridge%20%E2%80%93%20sites.csv`,
    );
  });

  it('never lets a name break out of the header', () => {
    const header = contentDisposition('a"b\\c\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain('filename="a_b_c__Set-Cookie: x=1.pdf"');
  });
});
