import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Transaction } from 'kysely';
import {
  communicationPreferencesSchema,
  communicationSettingsSchema,
  DEFAULT_COMMUNICATION_PREFERENCES,
  preferenceMessages,
  unsubscribeAnswerSchema,
  unsubscribeBodySchema,
  type CommunicationPreferences,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { badRequest, notFound } from '../../lib/errors';
import { requireAuth, requireTenant } from '../../lib/request-context';
import { errorResponses } from '../../lib/route-helpers';
import { loadSigningKey } from '../files/files.signing';

type Trx = Transaction<Database>;

const tags = ['public documents'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * Unsubscribe links (spec 02 /p/document/unsubscribe/{token}): `u1{userId}{mac}` (the account's
 * UUID as 32 hex digits, then the MAC in base64url: no dots, which the web server would take for a
 * file's extension), the MAC an
 * HMAC-SHA256 over the council and the account, with a key of its own made from the deployment's
 * signing key. It does not expire (an old email's link must still work) and does one thing only:
 * turn the account's consultation emails off.
 */
export type UnsubscribeSigner = {
  sign(tenantId: string, userId: string): string;
  verify(token: string, tenantId: string): string | null;
};

const TOKEN = /^u1([0-9a-f]{32})([A-Za-z0-9_-]{43})$/;
const hex = (uuid: string) => uuid.replace(/-/g, '');
const uuidOf = (digits: string) =>
  `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;

export function createUnsubscribeSigner(signingKey: Buffer): UnsubscribeSigner {
  const key = createHmac('sha256', signingKey).update('communication-unsubscribe').digest();
  const mac = (tenantId: string, userId: string) =>
    createHmac('sha256', key).update(`unsubscribe|v1|${tenantId}|${userId}`).digest();
  return {
    sign: (tenantId, userId) => `u1${hex(userId)}${mac(tenantId, userId).toString('base64url')}`,
    verify(token, tenantId) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, digits, sent] = match as unknown as [string, string, string];
      const userId = uuidOf(digits);
      const given = Buffer.from(sent, 'base64url');
      const expected = mac(tenantId, userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}

/** The account's choices, kept in users.meta.communication (defaults for what was never set). */
async function readPreferences(trx: Trx, userId: string) {
  const row = await trx
    .selectFrom('users')
    .select(['email', 'meta'])
    .where('id', '=', userId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const stored = communicationPreferencesSchema.partial().safeParse(row.meta?.communication ?? {});
  return {
    email: row.email,
    preferences: { ...DEFAULT_COMMUNICATION_PREFERENCES, ...(stored.success ? stored.data : {}) },
  };
}

async function writePreferences(trx: Trx, userId: string, preferences: CommunicationPreferences) {
  await trx
    .updateTable('users')
    .set({
      meta: sql`coalesce(meta, '{}'::jsonb) || jsonb_build_object('communication', ${JSON.stringify(preferences)}::jsonb)`,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Spec 02 §2 Communications preferences and unsubscribe: a signed-in account reads and sets its
 * email choices; anyone holding an account's unsubscribe link turns its emails off, no sign-in.
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  let signer: UnsubscribeSigner | undefined;
  const getSigner = async () =>
    (signer ??= createUnsubscribeSigner(
      await loadSigningKey(app.config.fileSigningSecret, app.config.dataDir),
    ));
  const settingsOf = async (tenantId: string, userId: string, trx: Trx) => {
    const found = await readPreferences(trx, userId);
    if (!found) throw notFound('Account not found');
    const token = (await getSigner()).sign(tenantId, userId);
    return { ...found, unsubscribePath: `/p/document/unsubscribe/${token}` };
  };

  app.get(
    '/public/preferences',
    {
      schema: {
        tags,
        summary: "The signed-in account's email choices, and its one-click unsubscribe link",
        response: { 200: communicationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      return withTenant(app.database.db, tenantId, (trx) => settingsOf(tenantId, userId, trx));
    },
  );

  app.put(
    '/public/preferences',
    {
      schema: {
        tags,
        summary: "Saves the signed-in account's email choices",
        body: communicationPreferencesSchema,
        response: { 200: communicationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      return withTenant(app.database.db, tenantId, async (trx) => {
        await writePreferences(trx, userId, request.body);
        return settingsOf(tenantId, userId, trx);
      });
    },
  );

  app.post(
    '/public/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Turns off every consultation email of the account an unsubscribe link names (no sign-in)',
        body: unsubscribeBodySchema,
        response: { 200: unsubscribeAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = requireTenant(request).id;
      const userId = (await getSigner()).verify(request.body.token, tenantId);
      if (!userId) throw badRequest(preferenceMessages.linkInvalid);
      await withTenant(app.database.db, tenantId, async (trx) => {
        if (!(await readPreferences(trx, userId))) throw badRequest(preferenceMessages.linkInvalid);
        await writePreferences(trx, userId, { documentUpdates: false, newConsultations: false });
      });
      return { unsubscribed: true as const };
    },
  );
};
