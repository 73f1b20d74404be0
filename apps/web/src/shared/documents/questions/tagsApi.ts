import { questionTagsSchema } from '@planning/shared';
import { api } from '../../../api/client';

/**
 * Replaces the resident's tags on one question of a document (spec 02 §2 My responses): the server
 * takes them once the consultation's end date has passed.
 */
export function saveQuestionTags(documentId: string, questionId: string, tags: readonly string[]) {
  return api.put(
    `/public/documents/${encodeURIComponent(documentId)}/questions/${encodeURIComponent(questionId)}/tags`,
    questionTagsSchema,
    { tags },
  );
}
