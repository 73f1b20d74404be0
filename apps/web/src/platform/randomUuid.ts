/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS,
 * localhost): a council trying the app over plain HTTP on its own network has
 * `crypto.getRandomValues` alone, and the page must not fail for want of an id.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 9562 §5.4: the version (4) in the high nibble of byte 6, the variant (10) in byte 8.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
