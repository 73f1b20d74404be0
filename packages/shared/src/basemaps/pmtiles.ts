/**
 * The part of PMTiles v3 (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md) the
 * server needs to check an uploaded archive by its content (the 127-byte header, varint
 * directories, Hilbert tile ids) and tests need to write one. Pure functions over bytes. The web
 * app reads archives with the npm package `pmtiles` (apps/web/src/components/map/pmtilesProtocol.ts);
 * that package reads, but does not check an archive's layout as an upload check must.
 */

export const PMTILES_HEADER_BYTES = 127;
/** The spec keeps the header and the root directory within the first 16 KiB. */
export const PMTILES_FIRST_BYTES = 16_384;

export const pmtilesCompressions = ['unknown', 'none', 'gzip', 'brotli', 'zstd'] as const;
export type PmtilesCompression = (typeof pmtilesCompressions)[number];
export const pmtilesTileTypes = ['unknown', 'mvt', 'png', 'jpeg', 'webp', 'avif'] as const;
export type PmtilesTileType = (typeof pmtilesTileTypes)[number];

export type PmtilesHeader = {
  rootDirectoryOffset: number;
  rootDirectoryLength: number;
  metadataOffset: number;
  metadataLength: number;
  leafDirectoryOffset: number;
  leafDirectoryLength: number;
  tileDataOffset: number;
  tileDataLength: number;
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  clustered: boolean;
  internalCompression: PmtilesCompression;
  tileCompression: PmtilesCompression;
  tileType: PmtilesTileType;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  centerZoom: number;
  center: [number, number];
};

/** One directory entry: a run of tiles, or (runLength 0) a pointer to a leaf directory. */
export type PmtilesEntry = { tileId: number; offset: number; length: number; runLength: number };

export class PmtilesFormatError extends Error {}

const MAGIC = [0x50, 0x4d, 0x54, 0x69, 0x6c, 0x65, 0x73]; // "PMTiles"

/** Whether the bytes begin like a PMTiles v3 archive (magic and version), before anything else. */
export function hasPmtilesMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && MAGIC.every((byte, i) => bytes[i] === byte) && bytes[7] === 3;
}

function uint64(view: DataView, at: number): number {
  // Offsets above 2^53 would be a 9-petabyte archive: Number is exact for every real one.
  return view.getUint32(at + 4, true) * 2 ** 32 + view.getUint32(at, true);
}

function lookup<T extends readonly string[]>(names: T, code: number): T[number] {
  const name = names[code];
  if (name === undefined) throw new PmtilesFormatError(`unknown code ${code}`);
  return name;
}

/** Reads the fixed 127-byte header; refuses anything that is not PMTiles version 3. */
export function parsePmtilesHeader(bytes: Uint8Array): PmtilesHeader {
  if (bytes.length < PMTILES_HEADER_BYTES || !hasPmtilesMagic(bytes))
    throw new PmtilesFormatError('not a PMTiles version 3 header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, PMTILES_HEADER_BYTES);
  const degrees = (at: number) => view.getInt32(at, true) / 1e7;
  return {
    rootDirectoryOffset: uint64(view, 8),
    rootDirectoryLength: uint64(view, 16),
    metadataOffset: uint64(view, 24),
    metadataLength: uint64(view, 32),
    leafDirectoryOffset: uint64(view, 40),
    leafDirectoryLength: uint64(view, 48),
    tileDataOffset: uint64(view, 56),
    tileDataLength: uint64(view, 64),
    addressedTiles: uint64(view, 72),
    tileEntries: uint64(view, 80),
    tileContents: uint64(view, 88),
    clustered: view.getUint8(96) === 1,
    internalCompression: lookup(pmtilesCompressions, view.getUint8(97)),
    tileCompression: lookup(pmtilesCompressions, view.getUint8(98)),
    tileType: lookup(pmtilesTileTypes, view.getUint8(99)),
    minZoom: view.getUint8(100),
    maxZoom: view.getUint8(101),
    bounds: [degrees(102), degrees(106), degrees(110), degrees(114)],
    centerZoom: view.getUint8(118),
    center: [degrees(119), degrees(123)],
  };
}

/** Checks that the header's sections lie inside an archive of `size` bytes and make sense. */
export function checkPmtilesHeader(header: PmtilesHeader, size: number): void {
  const sections: [number, number][] = [
    [header.rootDirectoryOffset, header.rootDirectoryLength],
    [header.metadataOffset, header.metadataLength],
    [header.leafDirectoryOffset, header.leafDirectoryLength],
    [header.tileDataOffset, header.tileDataLength],
  ];
  for (const [offset, length] of sections)
    if (offset + length > size) throw new PmtilesFormatError('a section lies beyond the end of the file');
  if (header.rootDirectoryLength === 0 || header.rootDirectoryOffset < PMTILES_HEADER_BYTES)
    throw new PmtilesFormatError('no root directory');
  if (header.rootDirectoryOffset + header.rootDirectoryLength > PMTILES_FIRST_BYTES)
    throw new PmtilesFormatError('the root directory is not within the first 16 KiB');
  if (header.minZoom > header.maxZoom || header.maxZoom > 26) throw new PmtilesFormatError('bad zoom range');
  if (header.internalCompression === 'unknown' || header.internalCompression === 'zstd')
    throw new PmtilesFormatError(
      `directories compressed with ${header.internalCompression} are not supported`,
    );
}

/** Unsigned LEB128 varints, as directories store every number (up to 2^53). */
class VarintReader {
  position = 0;
  constructor(private readonly bytes: Uint8Array) {}
  next(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 8; i += 1) {
      const byte = this.bytes[this.position];
      if (byte === undefined) throw new PmtilesFormatError('directory ends inside a number');
      this.position += 1;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    throw new PmtilesFormatError('number too long in directory');
  }
}

/** Decodes an (uncompressed) directory: entries in tile id order. */
export function parsePmtilesDirectory(bytes: Uint8Array): PmtilesEntry[] {
  const reader = new VarintReader(bytes);
  const count = reader.next();
  // Each entry takes at least four bytes: a larger count is a corrupt or hostile directory.
  if (count * 4 > bytes.length) throw new PmtilesFormatError('directory too short for its entries');
  const entries: PmtilesEntry[] = [];
  let tileId = 0;
  for (let i = 0; i < count; i += 1) {
    tileId += reader.next();
    entries.push({ tileId, offset: 0, length: 0, runLength: 0 });
  }
  for (const entry of entries) entry.runLength = reader.next();
  for (const entry of entries) entry.length = reader.next();
  entries.forEach((entry, i) => {
    const value = reader.next();
    const previous = entries[i - 1];
    // 0 means "straight after the previous entry's bytes"; other values are offset + 1.
    entry.offset = value === 0 && previous ? previous.offset + previous.length : value - 1;
    if (value === 0 && !previous) throw new PmtilesFormatError('first entry has no offset');
  });
  if (reader.position !== bytes.length) throw new PmtilesFormatError('bytes left over after the directory');
  return entries;
}

/** Encodes a directory (tests write their own archives with it). */
export function encodePmtilesDirectory(entries: readonly PmtilesEntry[]): Uint8Array {
  const out: number[] = [];
  const push = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      out.push((rest % 128) | 0x80);
      rest = Math.floor(rest / 128);
    }
    out.push(rest);
  };
  push(entries.length);
  let last = 0;
  for (const entry of entries) {
    push(entry.tileId - last);
    last = entry.tileId;
  }
  for (const entry of entries) push(entry.runLength);
  for (const entry of entries) push(entry.length);
  for (const entry of entries) push(entry.offset + 1);
  return Uint8Array.from(out);
}

function rotate(n: number, xy: [number, number], rx: number, ry: number) {
  if (ry !== 0) return;
  if (rx === 1) {
    xy[0] = n - 1 - xy[0];
    xy[1] = n - 1 - xy[1];
  }
  const t = xy[0];
  xy[0] = xy[1];
  xy[1] = t;
}

/** A tile's id: the tiles of lower zooms, then its position along the Hilbert curve of its zoom. */
export function zxyToTileId(z: number, x: number, y: number): number {
  if (z > 26 || x >= 2 ** z || y >= 2 ** z || x < 0 || y < 0) throw new RangeError('tile outside the world');
  let id = (4 ** z - 1) / 3;
  const xy: [number, number] = [x, y];
  for (let s = 2 ** (z - 1); s >= 1; s /= 2) {
    const rx = (xy[0] & s) > 0 ? 1 : 0;
    const ry = (xy[1] & s) > 0 ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    rotate(s, xy, rx, ry);
  }
  return id;
}

/** The entry holding a tile id: a run containing it, a leaf directory to look in, or none. */
export function findPmtilesEntry(entries: readonly PmtilesEntry[], tileId: number): PmtilesEntry | null {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = entries[middle]!;
    if (entry.tileId === tileId) return entry;
    if (entry.tileId < tileId) low = middle + 1;
    else high = middle - 1;
  }
  // The nearest entry before: a leaf directory covers what follows it, a run its next tiles.
  const before = entries[high];
  if (!before) return null;
  if (before.runLength === 0) return before;
  return tileId - before.tileId < before.runLength ? before : null;
}

/** The 127-byte header for the given sections (tests write their own archives with it). */
export function encodePmtilesHeader(header: PmtilesHeader): Uint8Array {
  const bytes = new Uint8Array(PMTILES_HEADER_BYTES);
  bytes.set(MAGIC);
  bytes[7] = 3;
  const view = new DataView(bytes.buffer);
  const u64 = (at: number, value: number) => {
    view.setUint32(at, value % 2 ** 32, true);
    view.setUint32(at + 4, Math.floor(value / 2 ** 32), true);
  };
  u64(8, header.rootDirectoryOffset);
  u64(16, header.rootDirectoryLength);
  u64(24, header.metadataOffset);
  u64(32, header.metadataLength);
  u64(40, header.leafDirectoryOffset);
  u64(48, header.leafDirectoryLength);
  u64(56, header.tileDataOffset);
  u64(64, header.tileDataLength);
  u64(72, header.addressedTiles);
  u64(80, header.tileEntries);
  u64(88, header.tileContents);
  view.setUint8(96, header.clustered ? 1 : 0);
  view.setUint8(97, pmtilesCompressions.indexOf(header.internalCompression));
  view.setUint8(98, pmtilesCompressions.indexOf(header.tileCompression));
  view.setUint8(99, pmtilesTileTypes.indexOf(header.tileType));
  view.setUint8(100, header.minZoom);
  view.setUint8(101, header.maxZoom);
  const degrees = (at: number, value: number) => view.setInt32(at, Math.round(value * 1e7), true);
  header.bounds.forEach((value, i) => degrees(102 + i * 4, value));
  view.setUint8(118, header.centerZoom);
  degrees(119, header.center[0]);
  degrees(123, header.center[1]);
  return bytes;
}
