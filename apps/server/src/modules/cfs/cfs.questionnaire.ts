import type { Transaction } from 'kysely';
import { callForSitesQuestionnaireConfigSchema, type QuestionTopic } from '@planning/shared';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/** The topics of a call's questionnaire (none when its config no longer reads as one). */
export async function topicsOf(trx: Trx, configId: string): Promise<QuestionTopic[]> {
  const row = await trx.selectFrom('configs').select('config').where('id', '=', configId).executeTakeFirst();
  const parsed = callForSitesQuestionnaireConfigSchema.safeParse(row?.config ?? { topics: [] });
  return parsed.success ? parsed.data.topics : [];
}
