import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { zipSync } from 'fflate';
import { z } from 'zod';
import {
  DOCUMENT_EXPORT_PAGE,
  DOCUMENT_EXPORT_STEPS,
  documentExportFormats,
  documentMessages,
  type DocumentConfig,
  type DocumentEntity,
  type DocumentExportFormat,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { notFound } from '../../lib/errors';
import { PermanentJobError } from '../jobs/jobs.queue';
import type { Storage } from '../storage/storage';
import { isFlagOn } from '../tenants/tenants.queries';
import { documentAttachments } from '../documents/documents.attachments';
import { listAttachments, type AttachmentRow } from '../files/files.attachments';
import { liveDocument, readableDocument, renderForPublic } from '../documents/documents.service';
import type { PlacedImage } from './document-export.docx';
import { chartSvg, mapSvg, rasterise, type MapScene } from './document-export.draw';
import { buildExportModel, type ImageRef } from './document-export.model';
import { mapBlockSites, mapScene, siteInfoWorkbook, type MapSite } from './document-export.sites';

type Trx = Transaction<Database>;
type MapBlock = Extract<DocumentEntity, { type: 'map' }>;

export const DOCUMENT_EXPORT_JOB_KIND = 'document-export';
/** 40 megapixels: a 7,000 x 5,000 photograph, far more than a printed page holds. */
const MAX_IMAGE_PIXELS = 40_000_000;

/** What a job (or a direct download) is asked to make. */
export const documentExportPayloadSchema = z.object({
  documentId: z.string().uuid(),
  format: z.enum(documentExportFormats),
  includeSiteInfo: z.boolean(),
  /** public: a readable (published or shared) document, clean files, public map sites and layers. */
  audience: z.enum(['public', 'staff']),
  share: z.string().max(200).optional(),
});
export type DocumentExportPayload = z.infer<typeof documentExportPayloadSchema>;

export type ExportedFile = { data: Buffer; name: string; contentType: string };

const CONTENT_TYPES: Record<DocumentExportFormat | 'zip', string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** A file name from the title: what a council writes, less the characters file systems refuse. */
export function exportFileName(title: string, extension: string): string {
  const base = [...title]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || 'Document'}.${extension}`;
}

/** A failure the reader is told about in the spec's words (spec 02 §8). */
export const exportFailure = (format: DocumentExportFormat) =>
  new PermanentJobError(documentMessages.exportFailed(format));

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Width and height of a PNG or JPEG from its header, or null for any other bytes. */
export function imageSize(data: Buffer): { type: 'png' | 'jpg'; width: number; height: number } | null {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47)
    return { type: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < data.length) {
      if (data[offset] !== 0xff) return null;
      const marker = data[offset + 1]!;
      const length = data.readUInt16BE(offset + 2);
      // Start of frame (baseline, progressive, ...), not DHT (c4), JPG (c8) or DAC (cc).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { type: 'jpg', height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
      offset += 2 + length;
    }
  }
  return null;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A picture whose type the writers do not place (GIF, WebP, SVG): a framed box naming it. */
function placeholder(name: string): PlacedImage {
  const png = rasterise(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160"><rect x="1" y="1" width="598" height="158" fill="#f3f2f1" stroke="#b1b4b6"/><text x="300" y="88" font-size="20" text-anchor="middle" fill="#505a5f">${escapeXml(name)}</text></svg>`,
    600,
  );
  return { ...png, type: 'png' };
}

async function attachmentImage(storage: Storage, tenantId: string, row: AttachmentRow): Promise<PlacedImage> {
  // A staff preview may hold a file still waiting for its scan: named, not opened.
  if (row.scan_status !== 'clean') return placeholder(`${row.name} (waiting for its virus scan)`);
  const data = await bytesOf(await storage.get(tenantId, row.bucket, row.key));
  const size = imageSize(data);
  // An uploaded SVG is not drawn: it could name files on this server for the renderer to read in.
  // A picture of more pixels than a page can show is not unpacked (the PDF writer decodes some).
  return size && size.width * size.height <= MAX_IMAGE_PIXELS ? { data, ...size } : placeholder(row.name);
}

const withTimeout = <T>(work: Promise<T>, ms: number, format: DocumentExportFormat) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(exportFailure(format)), ms);
    timer.unref();
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

type Read = {
  title: string;
  config: DocumentConfig;
  attachments: Map<string, AttachmentRow>;
  maps: { block: MapBlock; sites: MapSite[]; scene: MapScene }[];
};

/** Step 1: the document as its reader may see it, its attachments and its maps' data. */
async function readDocument(trx: Trx, tenantId: string, payload: DocumentExportPayload): Promise<Read> {
  if (!(await isFlagOn(trx, 'documentBuilder'))) throw notFound(documentMessages.builderOff);
  const row =
    payload.audience === 'public'
      ? await readableDocument(trx, payload.documentId, payload.share)
      : await liveDocument(trx, payload.documentId);
  const rows = await listAttachments(trx, documentAttachments, row.id, payload.audience === 'public');
  const attachments = new Map(
    rows.filter((file) => file.scan_status !== 'quarantined').map((file) => [file.id.toLowerCase(), file]),
  );
  const maps: Read['maps'] = [];
  for (const item of Object.values(row.config.entities)) {
    if (item.type !== 'map') continue;
    const sites = await mapBlockSites(trx, tenantId, item);
    maps.push({ block: item, sites, scene: await mapScene(trx, item, sites, payload.audience) });
  }
  return { title: row.title, config: await renderForPublic(row.config), attachments, maps };
}

export type ExportRun = {
  db: Kysely<Database>;
  storage: Storage;
  tenantId: string;
  payload: DocumentExportPayload;
  progress?: (done: number, total: number) => Promise<void>;
  signal?: AbortSignal;
};

/**
 * Spec 02 §2, §4: the document as Word (3 steps: read, draw maps and charts, write) or PDF (4:
 * read, draw, lay out, finish), with the site info spreadsheet beside it in a zip when asked.
 * A failure the reader can do nothing about ends in spec 02 §8's message.
 */
export async function exportDocument(run: ExportRun): Promise<ExportedFile> {
  const { payload, storage, tenantId } = run;
  const { format } = payload;
  const total = DOCUMENT_EXPORT_STEPS[format];
  const step = async (done: number) => {
    run.signal?.throwIfAborted();
    await run.progress?.(done, total);
  };

  const read = await withTimeout(
    withTenant(run.db, tenantId, (trx) => readDocument(trx, tenantId, payload)),
    DOCUMENT_EXPORT_PAGE.mapTimeoutMs,
    format,
  );
  const model = buildExportModel(payload.documentId, read.title, read.config);
  await step(1);

  const images = new Map<string, PlacedImage>();
  const keyOf = (ref: ImageRef) =>
    ref.kind === 'attachment' ? `a:${ref.fileId}` : `${ref.kind}:${ref.entityId}`;
  for (const ref of model.images) {
    const key = keyOf(ref);
    if (images.has(key)) continue;
    if (ref.kind === 'attachment') {
      const row = read.attachments.get(ref.fileId);
      // An image the document shows but no longer holds (deleted, or not passed by the scanner).
      if (!row) throw exportFailure(format);
      images.set(
        key,
        await attachmentImage(storage, tenantId, row).catch(() => Promise.reject(exportFailure(format))),
      );
    } else if (ref.kind === 'map') {
      const map = read.maps.find((item) => item.block.id === ref.entityId);
      if (!map) throw exportFailure(format);
      images.set(key, { ...rasterise(mapSvg(map.scene), 1200), type: 'png' });
    } else {
      const chart = read.config.entities[ref.entityId];
      if (chart?.type !== 'chart') throw exportFailure(format);
      images.set(key, { ...rasterise(chartSvg(chart), 1200), type: 'png' });
    }
    run.signal?.throwIfAborted();
    // Drawing holds the event loop (about 0.1 s a map): let waiting requests through in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const imageOf = (ref: ImageRef) => {
    const found = images.get(keyOf(ref));
    if (!found) throw exportFailure(format);
    return found;
  };
  await step(2);

  // The writers (docx, pdfkit) load on the first export, not with the server.
  let document: Buffer;
  if (format === 'docx') {
    const { writeDocx } = await import('./document-export.docx');
    document = await writeDocx(model, imageOf);
  } else {
    const { layOutPdf } = await import('./document-export.pdf');
    const laidOut = layOutPdf(model, imageOf);
    await step(3);
    document = await laidOut.finish();
  }
  const name = exportFileName(read.title, format);
  let file: ExportedFile = { data: document, name, contentType: CONTENT_TYPES[format] };
  if (payload.includeSiteInfo) {
    const workbook = await siteInfoWorkbook(
      read.maps.map((map) => ({
        caption: map.block.caption ?? '',
        siteInfo: map.block.siteInfo,
        sites: map.sites,
      })),
    );
    // One download holding both: the document and its spreadsheet.
    const zip = zipSync({
      [name]: [new Uint8Array(document), { level: 0 }],
      [exportFileName(`${read.title} - site information`, 'xlsx')]: [new Uint8Array(workbook), { level: 0 }],
    });
    file = {
      data: Buffer.from(zip),
      name: exportFileName(read.title, 'zip'),
      contentType: CONTENT_TYPES.zip,
    };
  }
  await step(total);
  return file;
}
