import { sql } from 'kysely';
import { consultationMessages } from '@planning/shared';
import { badRequest } from '../../lib/errors';
import type { Trx } from '../consultations/consultations.access';

/** Topics a representation (or a part) is about: the council's own, else 400. */
export async function requireTopics(trx: Trx, topicIds: readonly string[]) {
  const unique = [...new Set(topicIds)];
  if (unique.length === 0) return unique;
  const found = await trx.selectFrom('consultation_topics').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw badRequest(consultationMessages.topicNotFound);
  return unique;
}

/** Sites it is about: the council's live sites, else 400. */
export async function requireSites(trx: Trx, siteIds: readonly string[]) {
  const unique = [...new Set(siteIds)];
  if (unique.length === 0) return unique;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sites
    where id = any(${unique}::bigint[]) and not is_deleted`.execute(trx);
  if (rows[0]!.n !== unique.length) throw badRequest(consultationMessages.siteNotFound);
  return unique;
}
