import { open, type FileHandle } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  checkPmtilesHeader,
  parsePmtilesDirectory,
  parsePmtilesHeader,
  PMTILES_FIRST_BYTES,
  PmtilesFormatError,
  type PmtilesCompression,
  type PmtilesEntry,
  type PmtilesHeader,
  type PmtilesTileType,
} from '@planning/shared';

/** What a listing needs to know about an archive, read once from its header and metadata. */
export type ArchiveSummary = {
  tileType: PmtilesTileType;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  attribution: string | null;
  /** Name from the archive's metadata, when it has one. */
  name: string | null;
  vectorLayers: string[];
};

// Metadata is a JSON document (Zoomstack's lists its layers and fields): anything far larger is
// not metadata we would use, and would only cost memory.
const MAX_METADATA_BYTES = 4 * 1024 * 1024;
const MAX_DIRECTORY_BYTES = 8 * 1024 * 1024;
const MAX_DIRECTORIES_CHECKED = 64;

export function decompress(bytes: Uint8Array, compression: PmtilesCompression, limit: number): Uint8Array {
  try {
    if (compression === 'none') return bytes;
    if (compression === 'gzip') return gunzipSync(bytes, { maxOutputLength: limit });
    if (compression === 'brotli') return brotliDecompressSync(bytes, { maxOutputLength: limit });
  } catch {
    throw new PmtilesFormatError(`a ${compression} section does not decompress`);
  }
  throw new PmtilesFormatError(`${compression} compression is not supported`);
}

async function readAt(file: FileHandle, offset: number, length: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, offset);
  if (bytesRead !== length) throw new PmtilesFormatError('the file ends early');
  return buffer;
}

/**
 * Checks an archive by its content (never its name): the v3 header, sections inside the file, the
 * root directory and the leaf directories it points to decoding into entries that lie within the
 * tile data, then reads the metadata. Throws PmtilesFormatError when any of it is wrong.
 */
export async function inspectArchive(filePath: string): Promise<ArchiveSummary> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const first = await readAt(file, 0, Math.min(size, PMTILES_FIRST_BYTES));
    const header = parsePmtilesHeader(first);
    checkPmtilesHeader(header, size);
    const readDirectory = async (offset: number, length: number) => {
      if (length > MAX_DIRECTORY_BYTES) throw new PmtilesFormatError('a directory is too large');
      const raw = await readAt(file, offset, length);
      return parsePmtilesDirectory(decompress(raw, header.internalCompression, MAX_DIRECTORY_BYTES));
    };
    const root = await readDirectory(header.rootDirectoryOffset, header.rootDirectoryLength);
    if (root.length === 0) throw new PmtilesFormatError('the root directory is empty');
    await checkEntries(header, root, readDirectory);
    return { ...summaryOf(header), ...(await readMetadata(file, header)) };
  } finally {
    await file.close();
  }
}

/** Every run lies in the tile data and every leaf in the leaf section (the first leaves checked). */
async function checkEntries(
  header: PmtilesHeader,
  root: PmtilesEntry[],
  readDirectory: (offset: number, length: number) => Promise<PmtilesEntry[]>,
) {
  let leavesRead = 0;
  const check = async (entries: PmtilesEntry[]) => {
    let previous = -1;
    for (const entry of entries) {
      if (entry.tileId <= previous) throw new PmtilesFormatError('directory entries are out of order');
      previous = entry.tileId;
      if (entry.runLength > 0) {
        if (entry.offset + entry.length > header.tileDataLength)
          throw new PmtilesFormatError('a tile lies beyond the tile data');
        continue;
      }
      if (entry.offset + entry.length > header.leafDirectoryLength)
        throw new PmtilesFormatError('a leaf directory lies beyond its section');
      // An archive of Britain has hundreds of leaves; a sample shows the layout is sound.
      if (leavesRead >= MAX_DIRECTORIES_CHECKED) continue;
      leavesRead += 1;
      await check(await readDirectory(header.leafDirectoryOffset + entry.offset, entry.length));
    }
  };
  await check(root);
}

function summaryOf(header: PmtilesHeader) {
  return {
    tileType: header.tileType,
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: header.bounds,
  };
}

async function readMetadata(file: FileHandle, header: PmtilesHeader) {
  const none = { attribution: null, name: null, vectorLayers: [] };
  if (header.metadataLength === 0) return none;
  if (header.metadataLength > MAX_METADATA_BYTES) return none;
  const raw = await readAt(file, header.metadataOffset, header.metadataLength);
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      Buffer.from(decompress(raw, header.internalCompression, MAX_METADATA_BYTES)).toString('utf8'),
    );
  } catch {
    throw new PmtilesFormatError('the metadata is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) return none;
  const record = parsed as Record<string, unknown>;
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
  const layers = Array.isArray(record['vector_layers']) ? (record['vector_layers'] as unknown[]) : [];
  return {
    attribution: text(record['attribution'], 300),
    name: text(record['name'], 100),
    vectorLayers: layers
      .map((layer) =>
        typeof layer === 'object' && layer !== null
          ? text((layer as Record<string, unknown>)['id'], 100)
          : null,
      )
      .filter((id): id is string => id !== null)
      .slice(0, 200),
  };
}

/** A single byte range of a `size`-byte file, as asked for in a Range header. */
export type ByteRange = { start: number; end: number };

/**
 * RFC 9110 §14.1.2 for one range (bytes=a-b, bytes=a-, bytes=-n): null means "send it all" (no
 * header, or several ranges, which we answer whole), 'unsatisfiable' a range outside the file or
 * a header that is not a byte range at all.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return /^bytes=.*,/.test(header) ? null : 'unsatisfiable';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}
