import { z } from 'zod';
import { consentInputSchema } from '../data-protection/consent';
import { DOCUMENT_LIMITS } from './limits';
import { questionMessages } from './messages';
import {
  entityIdSchema,
  questionsOfEntity,
  type DocumentEntity,
  type SimpleQuestion,
  type SimpleQuestionType,
} from './schemas';

/** Spec 02 §3 Answer: text, or a list of option titles (checkboxes). */
export const answerValueSchema = z.union([z.string().max(100_000), z.array(z.string().max(10_000)).max(200)]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/**
 * What a resident submits for one question. The generous caps here only bound the request;
 * `answerProblem` applies the spec's limits with the spec's words.
 */
export const answerInputSchema = z.object({
  questionId: entityIdSchema,
  value: answerValueSchema.nullable().optional(),
  conditional: z.string().max(100_000).nullable().optional(),
  relatedSiteId: z
    .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,18}$/)])
    .nullable()
    .optional(),
  relatedSiteComment: z.string().max(100_000).nullable().optional(),
  /** Issue 26 point 6: the privacy notice shown with the form and what the resident agreed to. */
  consent: consentInputSchema.optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/**
 * A question as answered: a simple question, with the site choice it inherits when it sits under
 * a map-linked question's map.
 */
export type AnswerableQuestion = SimpleQuestion & {
  /** The map-linked question it belongs to, if any. */
  parentId?: string;
};

/**
 * Every question of a document that takes answers, by id: simple questions and polls, and the
 * questions under a map-linked question's map (which ask about the site chosen there).
 */
export function answerableQuestions(
  entities: Record<string, DocumentEntity>,
): Map<string, AnswerableQuestion> {
  const found = new Map<string, AnswerableQuestion>();
  for (const item of Object.values(entities)) {
    for (const question of questionsOfEntity(item)) {
      if (question.type !== 'mapLinkedQuestion') {
        if (!found.has(question.id)) found.set(question.id, question);
        continue;
      }
      for (const child of question.questions) {
        found.set(child.id, {
          ...child,
          mapFeatureSelect: child.mapFeatureSelect ??
            question.mapFeatureSelect ?? { type: 'site', commentsBox: false, showAssociatedLayers: false },
          parentId: question.id,
        });
      }
    }
  }
  return found;
}

const isBlank = (text: string | null | undefined) => !text || text.trim() === '';
const picksOf = (value: AnswerValue | null | undefined): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((pick) => pick.trim() !== ''))] : [];

/** Whether the conditional textarea shows for this answer (its `if` option is chosen). */
export function conditionMet(question: SimpleQuestion, value: AnswerValue | null | undefined): boolean {
  if (!question.conditional) return false;
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  return chosen.includes(question.conditional.if);
}

/**
 * Spec 02 §5 "Question answers": the first problem with an answer, in the spec's words, or null.
 * The one rule the question block's form and the server both apply.
 */
export function answerProblem(
  question: AnswerableQuestion,
  answer: Omit<AnswerInput, 'questionId'>,
): string | null {
  if (question.mapFeatureSelect) {
    if (answer.relatedSiteId === null || answer.relatedSiteId === undefined || answer.relatedSiteId === '')
      return questionMessages.fieldRequired;
    if (question.mapFeatureSelect.commentsBox && isBlank(answer.relatedSiteComment))
      return questionMessages.fieldRequired;
  } else if (answer.relatedSiteId !== null && answer.relatedSiteId !== undefined) {
    return questionMessages.siteNotOffered;
  }
  if ((answer.relatedSiteComment?.length ?? 0) > DOCUMENT_LIMITS.siteCommentMax)
    return questionMessages.commentTooLong;
  const problem = valueProblem(question, answer.value);
  if (problem) return problem;
  if (conditionMet(question, answer.value) && (answer.conditional?.length ?? 0) > question.maxLength)
    return questionMessages.tooLong(question.maxLength);
  return null;
}

const optionTitles = (question: SimpleQuestion) => new Set(question.options.map((option) => option.title));

function valueProblem(question: SimpleQuestion, value: AnswerValue | null | undefined): string | null {
  const type: SimpleQuestionType = question.type;
  switch (type) {
    case 'radioQuestion': {
      if (typeof value !== 'string' || isBlank(value)) return questionMessages.selectOption;
      return optionTitles(question).has(value) ? null : questionMessages.notAnOption;
    }
    case 'checkboxQuestion': {
      const picks = picksOf(value);
      if (picks.length === 0) return questionMessages.selectOption;
      if (question.minSelected !== undefined && picks.length < question.minSelected)
        return questionMessages.selectAtLeast(question.minSelected);
      if (question.maxSelected !== undefined && picks.length > question.maxSelected)
        return questionMessages.selectAtMost(question.maxSelected);
      const titles = optionTitles(question);
      return picks.every((pick) => titles.has(pick)) ? null : questionMessages.notAnOption;
    }
    case 'textQuestion': {
      if (typeof value !== 'string' || isBlank(value)) return questionMessages.fillInResponse;
      return value.trim().length > question.maxLength ? questionMessages.tooLong(question.maxLength) : null;
    }
    case 'dropdownQuestion': {
      if (typeof value !== 'string' || isBlank(value)) return questionMessages.fillInResponse;
      return question.options.length === 0 || optionTitles(question).has(value)
        ? null
        : questionMessages.notAnOption;
    }
  }
}

/** An answer as kept: text trimmed, picks once each, and only the parts the question asks for. */
export function normaliseAnswer(
  question: AnswerableQuestion,
  answer: Omit<AnswerInput, 'questionId'>,
): {
  value: AnswerValue;
  conditional: string | null;
  relatedSiteId: string | null;
  relatedSiteComment: string | null;
} {
  const value: AnswerValue =
    question.type === 'checkboxQuestion' ? picksOf(answer.value) : String(answer.value ?? '').trim();
  const comment = answer.relatedSiteComment?.trim() ?? '';
  return {
    value,
    conditional:
      conditionMet(question, value) && !isBlank(answer.conditional) ? answer.conditional!.trim() : null,
    relatedSiteId:
      question.mapFeatureSelect && answer.relatedSiteId != null ? String(answer.relatedSiteId) : null,
    relatedSiteComment: question.mapFeatureSelect?.commentsBox && comment ? comment : null,
  };
}
