import { sql, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  callStateAt,
  cfsMessages as M,
  type AdminCall,
  type AdminCallList,
  type adminCallInputSchema,
  type CallState,
  type PublicCall,
  type PublicCallList,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { sanitiseProseHtml } from '../../lib/prose-html';
import { recordAudit } from '../audit/audit.record';
import { createAdminEvent, oneAdminEvent, updateAdminEvent } from '../admin-content/admin-content.events';
import { topicsOf } from './cfs.questionnaire';

type Trx = Transaction<Database>;
type CallInput = z.output<typeof adminCallInputSchema>;

/** The event feature that makes an event a call for sites, and the config type it answers. */
export const CALL_FEATURE = 'call-for-sites';
export const CALL_QUESTIONNAIRE_TYPE = 'call-for-sites-questionnaire';
const FEATURE = CALL_FEATURE;
const QUESTIONNAIRE_TYPE = CALL_QUESTIONNAIRE_TYPE;

type CallRow = {
  id: string;
  name: string;
  description: string | null;
  starts_at: Date;
  ends_at: Date;
  cancelled: boolean;
  config_id: string;
  config_label: string;
  guidance: string;
  layer_ids: string[];
  updated_at: Date;
  now: Date;
};

/** Events running the call-for-sites feature, with what the call adds. */
const callQuery = (where = sql`true`) => sql<CallRow>`
  select e.id, e.name, e.description, e.starts_at, e.ends_at, e.cancelled,
    f.config_id, c.label as config_label,
    coalesce(k.guidance, '') as guidance, coalesce(k.layer_ids, '{}') as layer_ids,
    greatest(e.updated_at, k.updated_at) as updated_at, now() as now
  from consultation_events e
    join event_features f on f.event_id = e.id and f.feature = ${FEATURE}
    join configs c on c.id = f.config_id
    left join cfs_calls k on k.event_id = e.id
  where ${where}
  order by e.starts_at desc, e.name, e.id`;

/** The titles of the layers named, in the order named; `publicOnly` keeps those still on the public web map. */
async function layerTitles(trx: Trx, ids: string[], publicOnly: boolean) {
  if (ids.length === 0) return new Map<string, string>();
  let query = trx.selectFrom('layers').select(['id', 'title']).where('id', 'in', ids);
  if (publicOnly) query = query.where('public_webmap_visibility', '=', true);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

async function present(trx: Trx, rows: CallRow[], publicOnly = false): Promise<AdminCall[]> {
  const titles = await layerTitles(trx, [...new Set(rows.flatMap((row) => row.layer_ids))], publicOnly);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    cancelled: row.cancelled,
    state: callStateAt(
      { startsAt: row.starts_at, endsAt: row.ends_at, cancelled: row.cancelled },
      new Date(row.now),
    ),
    questionnaire: { configId: row.config_id, label: row.config_label },
    // Sanitised again on the way out: the allow-list may have tightened since it was written.
    guidance: sanitiseProseHtml(row.guidance),
    layers: row.layer_ids.flatMap((id) => (titles.has(id) ? [{ id, title: titles.get(id)! }] : [])),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

/** Every call of the council with its state, the counts per state, one state's list. */
export async function listAdminCalls(trx: Trx, state?: CallState): Promise<AdminCallList> {
  const { rows } = await callQuery().execute(trx);
  const all = await present(trx, rows);
  const counts = { upcoming: 0, open: 0, closed: 0, cancelled: 0 };
  for (const call of all) counts[call.state] += 1;
  const calls = state ? all.filter((call) => call.state === state) : all;
  // Upcoming: opening soonest first; open: closing soonest first; the others latest first.
  if (state === 'upcoming') calls.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  if (state === 'open') calls.sort((a, b) => a.endsAt.localeCompare(b.endsAt));
  return { calls, counts };
}

export async function oneAdminCall(trx: Trx, id: string): Promise<AdminCall> {
  const { rows } = await callQuery(sql`e.id = ${id}`).execute(trx);
  if (!rows[0]) throw notFound(M.callNotFound);
  return (await present(trx, rows))[0]!;
}

/**
 * The questionnaire must be one of this council's live Call for sites questionnaire configs
 * (another council's is invisible under row-level security, so it reads as missing), and every
 * layer one of its layers on the public web map: submitters are members of the public.
 */
async function checkInput(trx: Trx, input: CallInput) {
  const { rows } = await sql<{ config_type: string; deleted: boolean }>`
    select c.config_type, (to_jsonb(c) ->> 'deleted_at') is not null as deleted
    from configs c where c.id = ${input.questionnaireConfigId}`.execute(trx);
  const config = rows[0];
  const questionnairePath = 'body.questionnaireConfigId';
  if (!config || config.deleted)
    throw badRequest(M.questionnaireNotFound, [
      { path: questionnairePath, message: M.questionnaireNotFound },
    ]);
  if (config.config_type !== QUESTIONNAIRE_TYPE)
    throw badRequest(M.questionnaireWrongType, [
      { path: questionnairePath, message: M.questionnaireWrongType },
    ]);
  const publicLayers = await layerTitles(trx, input.layerIds, true);
  const index = input.layerIds.findIndex((id) => !publicLayers.has(id));
  if (index !== -1)
    throw badRequest(M.layerNotPublic, [{ path: `body.layerIds.${index}`, message: M.layerNotPublic }]);
}

async function writeCall(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  eventId: string,
  input: CallInput,
) {
  const guidance = sanitiseProseHtml(input.guidance);
  const actor = request.auth;
  const values = {
    guidance,
    layer_ids: input.layerIds,
    updated_by: actor?.userId ?? null,
    updated_at: new Date(),
  };
  await trx
    .insertInto('cfs_calls')
    .values({ tenant_id: tenantId, event_id: eventId, ...values })
    .onConflict((conflict) => conflict.column('event_id').doUpdateSet(values))
    .execute();
}

const eventInputOf = (input: CallInput) => ({
  name: input.name,
  description: input.description,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
});

/** Opens a call: its event (audited as every event is), its feature and what the call adds. */
export async function createCall(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  input: CallInput,
): Promise<AdminCall> {
  await checkInput(trx, input);
  const event = await createAdminEvent(trx, tenantId, request, {
    ...eventInputOf(input),
    documentId: null,
    features: [{ feature: FEATURE, configId: input.questionnaireConfigId }],
  });
  await writeCall(trx, tenantId, request, event.id, input);
  const call = await oneAdminCall(trx, event.id);
  await auditCall(trx, tenantId, request, call);
  return call;
}

/** Changes a call; the event's other features and its document stay as they are. */
export async function updateCall(
  trx: Trx,
  tenantId: string,
  request: FastifyRequest,
  id: string,
  input: CallInput,
): Promise<AdminCall> {
  await oneAdminCall(trx, id);
  await checkInput(trx, input);
  const event = await oneAdminEvent(trx, id);
  const others = event.features
    .filter((f) => f.feature !== FEATURE)
    .map((f) => ({ feature: f.feature, configId: f.configId }));
  await updateAdminEvent(trx, tenantId, request, id, {
    ...eventInputOf(input),
    documentId: event.documentId,
    features: [...others, { feature: FEATURE, configId: input.questionnaireConfigId }],
  });
  await writeCall(trx, tenantId, request, id, input);
  const call = await oneAdminCall(trx, id);
  await auditCall(trx, tenantId, request, call);
  return call;
}

function auditCall(trx: Trx, tenantId: string, request: FastifyRequest, call: AdminCall) {
  return recordAudit(trx, tenantId, request, {
    action: 'cfs-call.update',
    targetType: 'event',
    targetId: call.id,
    summary: `Call for sites '${call.name}': guidance and layers saved`,
    details: {
      after: {
        questionnaireConfigId: call.questionnaire.configId,
        guidanceCharacters: call.guidance.length,
        layerIds: call.layers.map((layer) => layer.id),
      },
    },
  });
}

const publicOf = (call: AdminCall, topics: PublicCall['questionnaire']['topics'] = []): PublicCall => ({
  id: call.id,
  name: call.name,
  description: call.description,
  startsAt: call.startsAt,
  endsAt: call.endsAt,
  state: call.state as PublicCall['state'],
  guidance: call.guidance,
  layers: call.layers,
  questionnaire: { topics },
});

/** The council's open calls (closing soonest first) and upcoming ones (opening soonest first). */
export async function publicCalls(trx: Trx): Promise<PublicCallList> {
  const { rows } = await callQuery(sql`not e.cancelled and e.ends_at > now()`).execute(trx);
  const calls = (await present(trx, rows, true)).map((call) => publicOf(call));
  const summary = ({
    guidance: _guidance,
    layers: _layers,
    questionnaire: _questionnaire,
    ...rest
  }: PublicCall) => rest;
  return {
    open: calls
      .filter((call) => call.state === 'open')
      .sort((a, b) => a.endsAt.localeCompare(b.endsAt))
      .map(summary),
    upcoming: calls
      .filter((call) => call.state === 'upcoming')
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
      .map(summary),
  };
}

/** One call as the public reads it, whatever its state but cancelled (closed ones stay readable). */
export async function onePublicCall(trx: Trx, id: string): Promise<PublicCall> {
  const { rows } = await callQuery(sql`e.id = ${id} and not e.cancelled`).execute(trx);
  if (!rows[0]) throw notFound(M.callNotFound);
  const call = (await present(trx, rows, true))[0]!;
  return publicOf(call, await topicsOf(trx, call.questionnaire.configId));
}
