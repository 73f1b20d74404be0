import { z } from 'zod';

export const tenantMessages = {
  notFound: 'Tenant is not found',
  notSpecified: 'Tenant is not specified',
  flagsFailed: 'Failed to retrieve feature flags',
} as const;

/** A tenant name is one DNS label, because it is read from the host name. */
export const tenantNameSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'Tenant name must be one lower-case host name label');

/** The spec: the tenant is the label after the first dot ('planning.demo.example.gov.uk' → 'demo'). */
export const DEFAULT_TENANT_HOST_PATTERN = '^[^.]+\\.([a-z0-9-]+)\\.';

/** Reads the tenant name from a host name with a pattern whose first group is the tenant. */
export function tenantNameFromHost(host: string, pattern: RegExp): string | null {
  const hostname = stripPort(host).toLowerCase();
  // An address names a machine, never a council ('127.0.0.1' must not read as tenant '0').
  if (isIpAddress(hostname) || isLoopbackHost(hostname)) return null;
  const match = pattern.exec(hostname);
  const name = match?.[1];
  if (!name) return null;
  return tenantNameSchema.safeParse(name).success ? name : null;
}

/** Loopback hosts never carry a tenant in their name; the tenant comes from the picker instead. */
export function isLoopbackHost(host: string): boolean {
  const hostname = stripPort(host).toLowerCase();
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon > -1 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}
