import { randomUUID } from 'node:crypto';
import type { RouteSummary } from '../src/app';

/** A 1x1 PNG: a real image, so a route gets past the type check to the name. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Routes that take multipart bodies, as their own schemas say (`consumes`). */
export function multipartRoutes(routes: readonly RouteSummary[]): RouteSummary[] {
  return routes.filter((route) => {
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    return consumes.includes('multipart/form-data');
  });
}

export type BrokenUpload = { name: string; payload: Buffer; contentType: string };

/**
 * Issue 25 point 2: the uploads that hung or answered 500. Each is sent under every field name an
 * upload route uses ('fileCollection', 'file'), so whichever a route reads, it meets the case.
 */
export function brokenUploads(fields: readonly string[]): BrokenUpload[] {
  const boundary = `----fuzz${randomUUID()}`;
  const type = `multipart/form-data; boundary=${boundary}`;
  const part = (field: string, filename: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
        'latin1',
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  return [
    ...fields.flatMap((field) => [
      {
        name: `an empty file in '${field}'`,
        payload: Buffer.concat([part(field, 'empty.png', Buffer.alloc(0)), end]),
        contentType: type,
      },
      {
        name: `a name holding NUL in '${field}'`,
        payload: Buffer.concat([part(field, 'a\u0000b.png', TINY_PNG), end]),
        contentType: type,
      },
      {
        name: `a truncated part in '${field}'`,
        payload: part(field, 'cut.png', TINY_PNG).subarray(0, 120),
        contentType: type,
      },
    ]),
    {
      name: 'no boundary',
      payload: Buffer.concat([part('file', 'x.png', TINY_PNG), end]),
      contentType: 'multipart/form-data',
    },
    { name: 'an empty body', payload: Buffer.alloc(0), contentType: type },
  ];
}
