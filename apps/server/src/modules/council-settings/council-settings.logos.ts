import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_BASE_PATH,
  COUNCIL_LIMITS,
  councilSettingsMessages as messages,
  logoDimensionsMessage,
  logoKindLabels,
  tenantMessages,
  type LogoKind,
} from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.record';
import { asUploadError } from '../files/files.service';
import { findTenantByName, findTenantRow } from '../tenants/tenants.queries';
import { imageContentTypes, looksLikeImage, readImageInfo, type ImageType } from './council-settings.images';
import { updateLogoColumn } from './council-settings.queries';

const BUCKET = 'branding';

/** Where the public reads a council's logo: named by council, so the picker needs no tenant. */
export const publicLogoUrl = (council: string, file: string) =>
  `${API_BASE_PATH}/public/councils/${council}/logos/${file}`;

/** The stored file a logo address points at ('logo-0123456789abcdef.png'), if it is one of ours. */
export function logoFileOf(url: string | null): string | null {
  const match = url ? /\/logos\/((?:logo|smallLogo)-[0-9a-f]{16}\.(?:png|jpg|webp))$/.exec(url) : null;
  return match?.[1] ?? null;
}

/** Checks the bytes are a PNG, JPEG or WebP of sane size, whatever the name or declared type say. */
export function checkLogo(bytes: Buffer): { type: ImageType; width: number; height: number } {
  if (bytes.length === 0) throw badRequest(messages.logoMissing);
  if (bytes.length > COUNCIL_LIMITS.logoMaxBytes) throw new HttpError(413, messages.logoTooLarge);
  const image = readImageInfo(bytes);
  if (!image) throw new HttpError(415, looksLikeImage(bytes) ? messages.logoUnreadable : messages.logoType);
  const { logoMinSide: min, logoMaxSide: max } = COUNCIL_LIMITS;
  if ([image.width, image.height].some((side) => side < min || side > max))
    throw badRequest(logoDimensionsMessage(min, max));
  return image;
}

/** Reads the one file of a multipart upload, stopping at the size limit. */
export async function readUploadedLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, messages.logoType);
  try {
    return await readLogoPart(request);
  } catch (error) {
    // No boundary, a part cut short: busboy's errors are the sender's, not ours (issue 25 point 2).
    const known = asUploadError(error);
    if (known instanceof HttpError) {
      if (known === error) throw error;
      throw known.statusCode === 413
        ? new HttpError(413, messages.logoTooLarge)
        : badRequest(messages.logoUploadBroken);
    }
    throw error;
  }
}

async function readLogoPart(request: FastifyRequest): Promise<Buffer> {
  const part = await request.file();
  if (!part) throw badRequest(messages.logoMissing);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > COUNCIL_LIMITS.logoMaxBytes) {
      part.file.resume();
      throw new HttpError(413, messages.logoTooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new HttpError(413, messages.logoTooLarge);
  return Buffer.concat(chunks);
}

/**
 * Stores a checked logo under a new name (so browsers and caches may keep each version for good),
 * points the council at it and records the change; the replaced file is removed once committed.
 */
export async function replaceLogo(
  app: FastifyInstance,
  request: FastifyRequest,
  tenantId: string,
  kind: LogoKind,
  bytes: Buffer | null,
): Promise<{ logo: string | null; smallLogo: string | null }> {
  const image = bytes ? checkLogo(bytes) : null;
  const file = image ? `${kind}-${randomBytes(8).toString('hex')}.${image.type}` : null;
  if (file && bytes)
    await app.storage.put(tenantId, BUCKET, file, bytes, { contentType: imageContentTypes[image!.type] });
  let replaced: string | null = null;
  try {
    const result = await withTenant(app.database.db, tenantId, async (trx) => {
      const row = await findTenantRow(trx, tenantId);
      if (!row) throw notFound(tenantMessages.notFound);
      const before = kind === 'logo' ? row.logo : row.small_logo;
      replaced = logoFileOf(before);
      const url = file ? publicLogoUrl(row.name, file) : null;
      await updateLogoColumn(trx, tenantId, kind, url);
      await recordAudit(trx, tenantId, request, {
        action: 'tenant.logo',
        targetType: 'tenant',
        targetId: tenantId,
        summary: `${logoKindLabels[kind]} ${url ? (before ? 'replaced' : 'added') : 'removed'}`,
        details: {
          kind,
          before,
          after: url,
          ...(image
            ? { width: image.width, height: image.height, type: image.type, bytes: bytes!.length }
            : {}),
        },
      });
      return {
        logo: kind === 'logo' ? url : row.logo,
        smallLogo: kind === 'smallLogo' ? url : row.small_logo,
      };
    });
    if (replaced && replaced !== file)
      await app.storage.delete(tenantId, BUCKET, replaced).catch(() => undefined);
    return result;
  } catch (error) {
    if (file) await app.storage.delete(tenantId, BUCKET, file).catch(() => undefined);
    throw error;
  }
}

/** A council's current logo file for anyone (the picker, the sign-in page): never an old or foreign one. */
export async function openPublicLogo(app: FastifyInstance, council: string, file: string) {
  const tenant = await findTenantByName(app.database.db, council);
  if (!tenant) throw notFound(messages.logoNotFound);
  const row = await app.database.db
    .selectFrom('tenants')
    .select(['logo', 'small_logo'])
    .where('id', '=', tenant.id)
    .executeTakeFirst();
  if (!row || ![logoFileOf(row.logo), logoFileOf(row.small_logo)].includes(file))
    throw notFound(messages.logoNotFound);
  const type = file.slice(file.lastIndexOf('.') + 1) as ImageType;
  const body = await app.storage.get(tenant.id, BUCKET, file);
  return { body, contentType: imageContentTypes[type] };
}
