import { z } from 'zod';

/** Personal API keys (issue 13 point 6): read-only access to a council's OGC API for QGIS and GDAL. */
export const API_KEY_LIMITS = {
  nameMax: 100,
  /** Live (unrevoked) keys one user may hold at a council. */
  perUser: 20,
  /** How long a key may be made to last. */
  maxLifetimeDays: 366 * 2,
} as const;

export const apiKeyMessages = {
  nameRequired: 'Enter a name for the key',
  nameTooLong: `The name must be ${API_KEY_LIMITS.nameMax} characters or fewer`,
  expiryInPast: 'The expiry date must be in the future',
  expiryTooFar: 'A key can last at most two years',
  tooMany: `You can have at most ${API_KEY_LIMITS.perUser} API keys; revoke one first`,
  notFound: 'API key not found',
  /** A key that is malformed, unknown, revoked or expired: one answer, so none can be told apart. */
  invalid: 'API key invalid, revoked or expired',
  otherCouncil: 'This API key belongs to another council',
  /** A GIS client's first request, sent before it offers its credentials. */
  required:
    'An API key is needed: send it as the password (HTTP Basic, any user name), as a Bearer token, in X-API-Key or as ?api_key=',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  empty: 'No API keys yet',
} as const;

/**
 * A key reads `pk_{council}_{prefix}_{secret}`: the council's name (so a client needs no tenant
 * header or host), 8 hex characters shown in lists and used to find the row, and 32 random bytes
 * in base64url. Council names are host labels and have no underscore, so the parts never blur.
 */
export const API_KEY_PATTERN =
  /^pk_([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

export function parseApiKey(key: string): { tenantName: string; prefix: string; secret: string } | null {
  const match = API_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, tenantName, prefix, secret] = match;
  if (!tenantName || !prefix || !secret) return null;
  return { tenantName, prefix, secret };
}

export const createApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(API_KEY_LIMITS.nameMax, apiKeyMessages.nameTooLong),
  expiresAt: z
    .string()
    .datetime({ offset: true, message: 'A date and time (ISO 8601)' })
    .refine((value) => Date.parse(value) > Date.now(), apiKeyMessages.expiryInPast)
    .refine(
      (value) => Date.parse(value) <= Date.now() + API_KEY_LIMITS.maxLifetimeDays * 86_400_000,
      apiKeyMessages.expiryTooFar,
    )
    .nullish(),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The public part shown in lists (`pk_{council}_{prefix}_…`). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Answered once, at creation: the only time the whole key leaves the server. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.string().uuid('An API key id is a UUID') });
