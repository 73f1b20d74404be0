import { apiKeyListSchema, createdApiKeySchema, type CreateApiKey } from '@planning/shared';
import { api, noContent } from '../../api/client';

export const apiKeyQueryKeys = { list: ['api-keys'] as const };

export async function fetchApiKeys(signal?: AbortSignal) {
  return (await api.get('/api-keys', apiKeyListSchema, { signal })).keys;
}

export function createApiKey(input: CreateApiKey) {
  return api.post('/api-keys', createdApiKeySchema, input);
}

export function revokeApiKey(id: string) {
  return api.delete(`/api-keys/${encodeURIComponent(id)}`, noContent);
}

/** Where QGIS (Layer › Add Layer › WFS / OGC API - Features) finds the council's data with a key. */
export function ogcAddress(origin: string, key?: string): string {
  const base = `${origin}/api/v1/ogc`;
  return key ? `${base}?api_key=${encodeURIComponent(key)}` : base;
}

/** The expiry choices the form offers, in days (null: never). */
export const expiryChoices = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const;

export function expiryDate(choice: string, now = Date.now()): string | null {
  const days = expiryChoices.find((entry) => entry.value === choice)?.days ?? null;
  return days === null ? null : new Date(now + days * 86_400_000).toISOString();
}
