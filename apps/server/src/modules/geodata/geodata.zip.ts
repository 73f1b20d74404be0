import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { GEODATA_LIMITS, geodataMessages } from '@planning/shared';

/** A refused zip: the message names the upload and the entry, for the job's report. */
export class ZipRefused extends Error {
  override name = 'ZipRefused';
}

export type ZipLimits = {
  /** Unpacked bytes allowed in all (shared by nested zips through `budget`). */
  maxUnzippedBytes: number;
  maxEntries?: number;
  maxRatio?: number;
};

export type ZipEntry = {
  /** The name as stored (slashes normalised). */
  name: string;
  /** Safe relative path we write it to. */
  safePath: string;
  directory: boolean;
  method: number;
  compressedSize: number;
  size: number;
  dataOffset: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MEGABYTE = 1024 * 1024;

/**
 * Reads and checks a zip's central directory without unpacking anything (issue 13 point 8): the
 * entry count, every name (no absolute path, drive letter or '..': path traversal), encryption,
 * the compression method, the declared sizes against the total limit and the compression ratio
 * (a zip bomb). The sizes are checked again while unpacking, since a zip may lie about them.
 */
export async function readZipDirectory(file: string, label: string, limits: ZipLimits): Promise<ZipEntry[]> {
  const maxEntries = limits.maxEntries ?? GEODATA_LIMITS.maxZipEntries;
  const maxRatio = limits.maxRatio ?? GEODATA_LIMITS.maxCompressionRatio;
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const tailLength = Math.min(fileSize, 22 + 0xffff);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, fileSize - tailLength);
    let eocd = -1;
    for (let at = tailLength - 22; at >= 0; at -= 1) {
      if (tail.readUInt32LE(at) === EOCD) {
        eocd = at;
        break;
      }
    }
    if (eocd < 0) throw new ZipRefused(geodataMessages.zipInvalid(label));
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    // ZIP64 (more than 65,535 entries or 4 GB) is beyond every limit here.
    if (count === 0xffff) throw new ZipRefused(geodataMessages.zipTooManyEntries(label));
    if (count > maxEntries) throw new ZipRefused(geodataMessages.zipTooManyEntries(label));
    if (directoryOffset + directorySize > fileSize) throw new ZipRefused(geodataMessages.zipInvalid(label));
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);

    const entries: ZipEntry[] = [];
    let total = 0;
    let totalCompressed = 0;
    let at = 0;
    for (let index = 0; index < count; index += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
        throw new ZipRefused(geodataMessages.zipInvalid(label));
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      let compressedSize = directory.readUInt32LE(at + 20);
      let size = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const externalAttributes = directory.readUInt32LE(at + 38);
      let localOffset = directory.readUInt32LE(at + 42);
      const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
      const extra = directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      at += 46 + nameLength + extraLength + commentLength;
      // Bit 11: the name is UTF-8; otherwise code page 437, read here as Latin-1.
      const rawName = nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1');
      const name = rawName.replace(/\\/g, '/');
      ({ compressedSize, size, localOffset } = zip64Sizes(extra, { compressedSize, size, localOffset }));

      const directoryEntry = name.endsWith('/');
      const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
      if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || segments.includes('..') || name.includes('\0'))
        throw new ZipRefused(geodataMessages.zipUnsafePath(label, rawName));
      // A symbolic link (made on Unix) is never followed or written.
      if (((externalAttributes >>> 16) & 0o170000) === 0o120000) continue;
      if (directoryEntry || segments.length === 0) continue;
      if (flags & 0x1) throw new ZipRefused(geodataMessages.zipEncrypted(label, name));
      if (method !== 0 && method !== 8) throw new ZipRefused(geodataMessages.zipMethod(label, name));
      total += size;
      totalCompressed += compressedSize;
      if (total > limits.maxUnzippedBytes)
        throw new ZipRefused(
          geodataMessages.zipTooBig(label, Math.round(limits.maxUnzippedBytes / MEGABYTE)),
        );

      const local = Buffer.alloc(30);
      await handle.read(local, 0, 30, localOffset);
      if (local.readUInt32LE(0) !== LOCAL) throw new ZipRefused(geodataMessages.zipInvalid(label));
      const dataOffset = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (dataOffset + compressedSize > fileSize) throw new ZipRefused(geodataMessages.zipInvalid(label));
      entries.push({
        name,
        safePath: segments.map(safeSegment).join('/'),
        directory: false,
        method,
        compressedSize,
        size,
        dataOffset,
      });
    }
    // After the total, so a zip too large in all says so whatever its entries' ratios.
    for (const entry of entries)
      if (entry.size > MEGABYTE && entry.size / Math.max(entry.compressedSize, 1) > maxRatio)
        throw new ZipRefused(geodataMessages.zipRatio(label, entry.name));
    if (total > MEGABYTE && total / Math.max(totalCompressed, 1) > maxRatio)
      throw new ZipRefused(geodataMessages.zipRatio(label, 'the zip'));
    return entries;
  } finally {
    await handle.close();
  }
}

/** ZIP64's extended sizes (extra field 0x0001), present when a 32-bit field holds 0xFFFFFFFF. */
function zip64Sizes(
  extra: Buffer,
  sizes: { compressedSize: number; size: number; localOffset: number },
): typeof sizes {
  const result = { ...sizes };
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        const value = field + 8 <= at + 4 + length ? Number(extra.readBigUInt64LE(field)) : Number.NaN;
        field += 8;
        return value;
      };
      if (result.size === 0xffffffff) result.size = next();
      if (result.compressedSize === 0xffffffff) result.compressedSize = next();
      if (result.localOffset === 0xffffffff) result.localOffset = next();
    }
    at += 4 + length;
  }
  if (![result.size, result.compressedSize, result.localOffset].every(Number.isFinite))
    throw new ZipRefused('The zip has a damaged ZIP64 entry');
  return result;
}

/** A path segment we are willing to write: letters, digits, dot, dash, underscore and space. */
function safeSegment(segment: string): string {
  const cleaned = segment.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/^\.+/, '_');
  return cleaned.slice(0, 120) || '_';
}

/** Counts bytes through, failing as soon as they pass what the entry declared or the total allowed. */
class SizeGuard extends Transform {
  written = 0;
  constructor(
    private readonly declared: number,
    private readonly budget: { remaining: number },
    private readonly fail: (which: 'entry' | 'total') => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.written += chunk.length;
    this.budget.remaining -= chunk.length;
    if (this.written > this.declared) return callback(this.fail('entry'));
    if (this.budget.remaining < 0) return callback(this.fail('total'));
    callback(null, chunk);
  }
}

/**
 * Unpacks the checked entries under `destination`, each to its safe path (never outside it),
 * counting the real bytes: an entry larger than it declared, or a total over the budget, stops it.
 * Returns the safe relative paths written, with the name each had in the zip.
 */
export async function extractZip(
  file: string,
  label: string,
  entries: ZipEntry[],
  destination: string,
  budget: { remaining: number; maxBytes: number },
): Promise<Map<string, string>> {
  const root = path.resolve(destination);
  const written = new Map<string, string>();
  for (const entry of entries) {
    // macOS resource forks and hidden files carry no layers.
    if (entry.name.split('/').some((segment) => segment === '__MACOSX' || segment.startsWith('.'))) continue;
    const target = path.resolve(root, entry.safePath);
    if (!target.startsWith(root + path.sep))
      throw new ZipRefused(geodataMessages.zipUnsafePath(label, entry.name));
    if (written.has(entry.safePath)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    const guard = new SizeGuard(entry.size, budget, (which) =>
      which === 'entry'
        ? new ZipRefused(geodataMessages.zipSizeLies(label, entry.name))
        : new ZipRefused(geodataMessages.zipTooBig(label, Math.round(budget.maxBytes / MEGABYTE))),
    );
    const source = createReadStream(file, {
      start: entry.dataOffset,
      end: entry.dataOffset + Math.max(entry.compressedSize, 1) - 1,
    });
    const output = createWriteStream(target, { flags: 'wx' });
    try {
      if (entry.compressedSize === 0) {
        source.destroy();
        output.end();
        await new Promise<void>((resolve, reject) => output.on('close', () => resolve()).on('error', reject));
      } else if (entry.method === 8) await pipeline(source, createInflateRaw(), guard, output);
      else await pipeline(source, guard, output);
    } catch (error) {
      if (error instanceof ZipRefused) throw error;
      throw new ZipRefused(`${geodataMessages.zipInvalid(label)} (${entry.name})`);
    }
    written.set(entry.safePath, entry.name);
  }
  return written;
}

/** True when the file starts as a zip does (a local header, or an empty zip's end record). */
export async function looksLikeZip(file: string): Promise<boolean> {
  const { size } = await stat(file);
  if (size < 22) return false;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    const signature = head.readUInt32LE(0);
    return signature === LOCAL || signature === EOCD;
  } finally {
    await handle.close();
  }
}
