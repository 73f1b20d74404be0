/**
 * What an uploaded logo really is, read from its bytes: the name and the type the browser sends
 * are the uploader's to choose, so neither is trusted. PNG, JPEG and WebP only.
 *
 * SVG is refused rather than sanitised: an SVG is a document that can carry script, event handlers
 * and references to other addresses, and served from our own origin one opened directly would run
 * as us. Sanitising it safely needs a full XML/DOM sanitiser on the server; a council's logo
 * exported as PNG or WebP loses nothing on the header's 32 px.
 */
export type ImageType = 'png' | 'jpg' | 'webp';

export type ImageInfo = { type: ImageType; contentType: string; width: number; height: number };

export const imageContentTypes: Record<ImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (bytes: Buffer, at: number, length: number) =>
  bytes.length >= at + length ? bytes.toString('latin1', at, at + length) : '';

/** The image's type and size in pixels, or null when the bytes are not a readable PNG, JPEG or WebP. */
export function readImageInfo(bytes: Buffer): ImageInfo | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return png(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  return null;
}

/** Whether the bytes start like one of the formats, even if the rest cannot be read. */
export function looksLikeImage(bytes: Buffer): boolean {
  return (
    startsWith(bytes, PNG_SIGNATURE) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
  );
}

function info(type: ImageType, width: number, height: number): ImageInfo | null {
  if (!(width > 0 && height > 0)) return null;
  return { type, contentType: imageContentTypes[type], width, height };
}

// The first chunk is IHDR: width and height as big-endian 32-bit numbers.
function png(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return info('png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

// Walks the markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
function jpeg(bytes: Buffer): ImageInfo | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return info('jpg', bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + length;
  }
  return null;
}

function webp(bytes: Buffer): ImageInfo | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (!(bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)) return null;
    return info('webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return info('webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return info('webp', bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}
