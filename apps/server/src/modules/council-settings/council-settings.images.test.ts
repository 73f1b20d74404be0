import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { looksLikeImage, readImageInfo } from './council-settings.images';

/** A baseline JPEG's markers up to its frame header: SOI, APP0 (JFIF), SOF0 with the size. */
function jpegOf(width: number, height: number, frame = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, frame, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof[9] = 3;
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

function webp(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write(`WEBP${chunk}`, 8, 'latin1');
  if (chunk === 'VP8 ') {
    bytes.set([0x9d, 0x01, 0x2a], 23);
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  } else if (chunk === 'VP8L') {
    bytes[20] = 0x2f;
    bytes.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  } else {
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
  }
  return bytes;
}

describe('readImageInfo: what a logo is, from its bytes', () => {
  it('reads PNG, JPEG (baseline and progressive) and the three WebP kinds with their sizes', () => {
    const png = new PNG({ width: 33, height: 17 });
    expect(readImageInfo(PNG.sync.write(png))).toEqual({
      type: 'png',
      contentType: 'image/png',
      width: 33,
      height: 17,
    });
    expect(readImageInfo(jpegOf(640, 480))).toMatchObject({
      type: 'jpg',
      contentType: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(readImageInfo(jpegOf(200, 100, 0xc2))).toMatchObject({ width: 200, height: 100 });
    expect(readImageInfo(webp('VP8 ', 300, 150))).toMatchObject({ type: 'webp', width: 300, height: 150 });
    expect(readImageInfo(webp('VP8L', 64, 32))).toMatchObject({ type: 'webp', width: 64, height: 32 });
    expect(readImageInfo(webp('VP8X', 1024, 512))).toMatchObject({ type: 'webp', width: 1024, height: 512 });
  });

  it('refuses what only claims to be an image', () => {
    const cases = [
      Buffer.from('hello'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('%PDF-1.7'),
      Buffer.alloc(0),
    ];
    for (const bytes of cases) {
      expect(readImageInfo(bytes)).toBeNull();
      expect(looksLikeImage(bytes)).toBe(false);
    }
  });

  it('knows a damaged image from a stranger: it starts right but cannot be read', () => {
    const cut = PNG.sync.write(new PNG({ width: 8, height: 8 })).subarray(0, 12);
    expect(readImageInfo(cut)).toBeNull();
    expect(looksLikeImage(cut)).toBe(true);
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0, 0xff, 0xd9]);
    expect(readImageInfo(noFrame)).toBeNull();
    expect(readImageInfo(jpegOf(0, 10))).toBeNull();
  });
});
