import { sql, type Transaction } from 'kysely';
import type { DocumentActivity } from '@planning/shared';
import type { Database } from '../../db/schema';

/** Every live document with how many people answered, how many answers, and when last. */
export async function documentSummaries(trx: Transaction<Database>): Promise<DocumentActivity[]> {
  const { rows } = await sql<{
    id: string;
    title: string;
    is_published: boolean;
    respondents: number;
    answers: number;
    last_at: Date | null;
  }>`
    select d.id, d.title, d.is_published,
      count(distinct a.response_id)::int as respondents, count(a.id)::int as answers,
      max(a.updated_at) as last_at
    from documents d
      left join document_responses r on r.document_id = d.id
      left join document_answers a on a.response_id = r.id and a.deleted_at is null
    where d.deleted_at is null
    group by d.id, d.title, d.is_published
    order by max(a.updated_at) desc nulls last, d.title, d.id`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    published: row.is_published,
    respondents: Number(row.respondents),
    answers: Number(row.answers),
    lastResponseAt: row.last_at ? new Date(row.last_at).toISOString() : null,
  }));
}
