/**
 * A Content-Disposition header for a file name from anywhere (RFC 6266): an ASCII-only `filename`
 * with quotes, backslashes and control characters replaced, and the exact name as `filename*`.
 * Header injection (a CR or LF in a name) is impossible either way.
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
