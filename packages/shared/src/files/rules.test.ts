import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from './rules';
import { canPreview, checkUploadSelection, formatFileSize, sanitiseFileName, storedFileName } from './rules';

describe('sanitiseFileName', () => {
  it.each([
    ['Site photo (north).png', 'Site_photo_north.png'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\plan.pdf', 'plan.pdf'],
    ['.htaccess', 'htaccess'],
    ['Café Ønsket.jpg', 'Cafe_nsket.jpg'],
    ['a\u0000b\r\nc.png', 'a_b_c.png'],
    ['report..final...pdf', 'report.final.pdf'],
    ['"quoted"; name=x.png', 'quoted_name_x.png'],
    ['   ', 'file'],
    ['', 'file'],
  ])('%j becomes %j', (original, expected) => {
    expect(sanitiseFileName(original)).toBe(expected);
  });

  it('keeps the extension of a name that is too long', () => {
    const name = sanitiseFileName(`${'a'.repeat(500)}.pdf`);
    expect(name).toHaveLength(FILE_LIMITS.maxNameLength);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('storedFileName', () => {
  it.each([
    ['plan.pdf', 'application/pdf', 'plan.pdf'],
    ['photo.JPEG', 'image/jpeg', 'photo.JPEG'],
    ['photo.jpg', 'image/jpeg', 'photo.jpg'],
    ['page.html', 'image/png', 'page.html.png'],
    ['scan', 'application/pdf', 'scan.pdf'],
  ] as const)('%j holding %s is stored as %j', (original, type, expected) => {
    expect(storedFileName(original, type)).toBe(expected);
  });
});

describe('checkUploadSelection (spec 01 §5)', () => {
  const file = (name: string, size = 1000, type?: string) => ({ name, size, ...(type && { type }) });
  it.each([
    [[], 'filesEmpty'],
    [Array.from({ length: 11 }, (_, i) => file(`p${i}.png`)), 'tooManyFiles'],
    [Array.from({ length: 10 }, (_, i) => file(`p${i}.png`)), null],
    [[file('notes.docx')], 'onlyImagesAndPdf'],
    [[file('noextension', 10, 'image/png')], null],
    [[file('big.pdf', FILE_LIMITS.maxFileBytes + 1)], 'fileTooLarge'],
    [[file('a.pdf', FILE_LIMITS.maxFileBytes), file('b.pdf', 1)], 'totalTooLarge'],
    [[file('a.jpeg'), file('b.JPG'), file('c.pdf')], null],
  ] as const)('%#: %j', (files, expected) => {
    expect(checkUploadSelection(files)).toBe(expected);
  });
});

describe('canPreview and formatFileSize', () => {
  it('previews png, jpg, jpeg, svg and webp only', () => {
    expect(['a.png', 'a.jpg', 'a.JPEG', 'a.svg', 'a.webp'].map((name) => canPreview({ name }))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(canPreview({ name: 'a.pdf' })).toBe(false);
    expect(canPreview({ name: 'a.png', contentType: 'application/pdf' })).toBe(false);
  });

  it('reads sizes as people do', () => {
    expect([812, 14_540, 3_250_000].map(formatFileSize)).toEqual(['812 B', '14.2 KB', '3.1 MB']);
  });
});
