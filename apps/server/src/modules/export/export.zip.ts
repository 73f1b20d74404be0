import { createReadStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

export type ZipEntry = { name: string } & ({ path: string } | { content: Buffer });

/**
 * A ZIP archive of files on disk (a shapefile's parts), written as a stream: each entry is
 * deflated as it is read and described afterwards by a data descriptor, so no part is held whole
 * in memory. Entries stay under 4 GB (a shapefile part cannot reach 2 GB), so no ZIP64.
 */
export function zipStream(entries: ZipEntry[]): Readable {
  const out = new PassThrough();
  void writeZip(entries, out).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

async function writeZip(entries: ZipEntry[], out: PassThrough): Promise<void> {
  let offset = 0;
  const central: Buffer[] = [];
  const write = async (chunk: Buffer) => {
    offset += chunk.length;
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  };
  const { time, date } = dosDateTime(new Date());
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const start = offset;
    // Flags: bit 3, sizes and CRC follow the data; bit 11, the name is UTF-8.
    const flags = 0x0008 | 0x0800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    await write(local);
    await write(name);

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const source: Readable = 'path' in entry ? createReadStream(entry.path) : streamOf(entry.content);
    const counted = (async () => {
      for await (const chunk of deflate) {
        compressed += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
    })();
    for await (const chunk of source) {
      const bytes = chunk as Buffer;
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await counted;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await write(descriptor);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(start, 42);
    central.push(header, name);
  }
  const directory = Buffer.concat(central);
  const directoryStart = offset;
  await write(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(directoryStart, 16);
  await write(end);
  out.end();
}

function streamOf(content: Buffer): Readable {
  const stream = new PassThrough();
  stream.end(content);
  return stream;
}

function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}
