import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import {
  API_KEY_LIMITS,
  apiKeyMessages,
  parseApiKey,
  type ApiKey,
  type CreateApiKey,
  type CreatedApiKey,
  type Grant,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { grantsOfUser } from '../access/access.queries';
import { findTenantByName } from '../tenants/tenants.queries';
import { tenantNameForRequest } from '../tenants/tenants.resolve';

type Trx = Transaction<Database>;

/** The header a client sends a key in; `?api_key=` is the other way (QGIS can only do that one). */
export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_QUERY = 'api_key';

// Writing last_used_at on every call would make every read a write; a minute is precise enough.
const TOUCH_AFTER_MS = 60_000;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Makes a key for the user; the whole key is answered here once and never stored. */
export async function createApiKey(
  trx: Trx,
  owner: { tenantId: string; tenantName: string; userId: string },
  input: CreateApiKey,
): Promise<CreatedApiKey> {
  const { live } = await trx
    .selectFrom('api_keys')
    .select(sql<number>`count(*)::int`.as('live'))
    .where('user_id', '=', owner.userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (live >= API_KEY_LIMITS.perUser) throw conflict(apiKeyMessages.tooMany);
  // 32 bits of prefix: a clash at one council is rare; the unique index refuses it, and a
  // second draw settles it.
  for (let attempt = 0; ; attempt += 1) {
    const prefix = randomBytes(4).toString('hex');
    const key = `pk_${owner.tenantName}_${prefix}_${randomBytes(32).toString('base64url')}`;
    const row = await trx
      .insertInto('api_keys')
      .values({
        tenant_id: owner.tenantId,
        user_id: owner.userId,
        name: input.name,
        prefix,
        key_hash: hashApiKey(key),
        expires_at: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'prefix']).doNothing())
      .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'expires_at'])
      .executeTakeFirst();
    if (row) return { ...presentKey(row, owner.tenantName), key };
    if (attempt >= 3) throw conflict(apiKeyMessages.tooMany);
  }
}

/** The user's own live keys, newest first (never another user's, never a hash). */
export async function listApiKeys(trx: Trx, userId: string, tenantName: string): Promise<ApiKey[]> {
  const rows = await trx
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => presentKey(row, tenantName));
}

/** Revokes one of the user's own keys; another user's key is "not found", as a missing one is. */
export async function revokeApiKey(
  trx: Trx,
  userId: string,
  id: string,
): Promise<{ name: string; prefix: string }> {
  const revoked = await trx
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(['name', 'prefix'])
    .executeTakeFirst();
  if (!revoked) throw notFound(apiKeyMessages.notFound);
  return revoked;
}

function presentKey(
  row: {
    id: string;
    name: string;
    prefix: string;
    created_at: Date;
    last_used_at: Date | null;
    expires_at: Date | null;
  },
  tenantName: string,
): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `pk_${tenantName}_${row.prefix}`,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    expired: row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now(),
  };
}

/**
 * The key a request carries: the X-API-Key header, an Authorization header (Bearer, or Basic
 * with the key as the password and any user name, so QGIS keeps it in its encrypted store), or
 * the api_key query parameter.
 */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[API_KEY_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader.trim();
  const authorization = request.headers.authorization?.trim();
  if (authorization) {
    const [scheme = '', value = ''] = authorization.split(/\s+/, 2);
    if (/^bearer$/i.test(scheme)) return value;
    if (/^basic$/i.test(scheme)) {
      const pair = Buffer.from(value, 'base64').toString('utf8');
      return pair.slice(pair.indexOf(':') + 1).trim();
    }
  }
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[API_KEY_QUERY];
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery.trim();
  // Sent twice or more: refused below as malformed rather than one copy picked.
  if (Array.isArray(fromQuery)) return '';
  return null;
}

/**
 * Signs the request in by its API key, for routes that take one (`config.apiKey`): the key names
 * its council, which must be the council the request names by host or X-Tenant when it names one;
 * the key's user then acts with their grants cut down to reading. Answers false when no key was
 * sent (the session, if any, decides); a key that is malformed, unknown, revoked or expired, a
 * disabled user, or another council's key is 401.
 */
export async function authenticateApiKey(request: FastifyRequest): Promise<boolean> {
  const key = apiKeyOf(request);
  if (key === null) {
    // A GIS client asks without credentials first and offers them when challenged: with no
    // council named either, that is 401 (the route answers the challenge), not 400.
    if (
      request.routeOptions.config.keyChallenge &&
      tenantNameForRequest(request, request.server.config) === null
    )
      throw unauthorized(apiKeyMessages.required);
    return false;
  }
  const parsed = parseApiKey(key);
  if (!parsed) throw unauthorized(apiKeyMessages.invalid);
  const { config, database } = request.server;
  const named = tenantNameForRequest(request, config);
  if (named !== null && named !== parsed.tenantName) throw unauthorized(apiKeyMessages.otherCouncil);
  const tenant = await findTenantByName(database.db, parsed.tenantName);
  if (!tenant) throw unauthorized(apiKeyMessages.invalid);

  const found = await withTenant(database.db, tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select([
        'api_keys.id',
        'api_keys.user_id',
        'api_keys.key_hash',
        'api_keys.last_used_at',
        'users.kind',
        sql<boolean>`api_keys.revoked_at is null
          and (api_keys.expires_at is null or api_keys.expires_at > now())
          and users.disabled_at is null`.as('usable'),
      ])
      .where('api_keys.prefix', '=', parsed.prefix)
      .executeTakeFirst();
    if (!row || !row.usable || !sameHash(row.key_hash, hashApiKey(key))) return null;
    if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > TOUCH_AFTER_MS) {
      await trx
        .updateTable('api_keys')
        .set({ last_used_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
    }
    const grants = await grantsOfUser(trx, row.user_id);
    const version = await trx.selectFrom('site_data_versions').select('version').executeTakeFirst();
    return { row, grants, version: version ? String(version.version) : '1' };
  });
  if (!found) throw unauthorized(apiKeyMessages.invalid);

  request.tenant = tenant;
  request.auth = {
    sessionId: `api-key:${found.row.id}`,
    userId: found.row.user_id,
    tenantId: tenant.id,
    kind: found.row.kind,
    provider: 'api-key',
    // Never handed out: a key signs in read-only routes, which take no CSRF token.
    csrfToken: randomBytes(32).toString('base64url'),
  };
  // Read-only, whatever the user may otherwise do, and never the text as received (decision 0012):
  // a key lives in files and tools, so it reads what the public-facing redacted text allows.
  request.grants = found.grants.filter(
    (grant: Grant) => grant.action === 'read' && grant.unit !== 'personal-data',
  );
  request.siteDataVersion = found.version;
  return true;
}

function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(computed, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
