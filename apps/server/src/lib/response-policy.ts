import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_BASE_PATH } from '@planning/shared';

/**
 * Dynamic responses are compressed with brotli (quality 5: a 500-site search page, 180 kB, becomes
 * about 11 kB in ~6 ms; 11 would take a second) or gzip, above 1 kB. Compressible means text,
 * JSON, JavaScript, CSS, SVG, GeoJSON and our uncompressed vector tiles; images never (a PNG or
 * JPEG is compressed already, mime-db says so). The built web app is compressed once at build
 * time instead (apps/web/build/precompress.ts) and served as is.
 */
export const compressionOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  zlibOptions: { level: 6 },
  // Our own vector tiles are plain protobuf (ST_AsMVT, geojson-vt); mime-db decides the rest.
  customTypes: (contentType: string) => contentType.startsWith('application/vnd.mapbox-vector-tile'),
  // No client of ours sends compressed bodies: a body is read as sent, within BODY_LIMIT.
  globalDecompression: false,
};

/**
 * Sign-in and session answers carry the CSRF token; compressed beside text an attacker chooses
 * (BREACH), their sizes could leak it. They are small anyway, so they are never compressed.
 */
export function keepUncompressed(route: RouteOptions) {
  if (route.url.startsWith(`${API_BASE_PATH}/auth/`)) route.compress = false;
}

/** The cache policy of an API answer that did not set its own. */
export function apiCachePolicy(request: FastifyRequest, reply: FastifyReply): string {
  // Anything made for a signed-in user, or setting a cookie, is kept by no cache at all.
  if (request.auth || reply.hasHeader('set-cookie')) return 'private, no-store';
  // Public answers (councils, branding, health) may be kept but are checked each time.
  return 'no-cache';
}

/** Headers of a file of the built web app: fingerprinted assets for good, the rest checked. */
export function webAppHeaders(isFingerprinted: boolean) {
  return {
    'cache-control': isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
    // The same address is sent as brotli, gzip or plain depending on the request's header.
    vary: 'accept-encoding',
  };
}
