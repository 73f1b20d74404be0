import type { Answer, AnswerValue, AnswerableQuestion, SimpleQuestion } from '@planning/shared';

/** Spec 02 §5's checkbox rule (past the maximum the oldest pick is dropped) is shared with the page. */
export { togglePick } from '@planning/shared';

/** The counter under a text box: characters used of the most allowed. */
export function characterCount(text: string, max: number): string {
  return `${text.length} / ${max} characters`;
}

/** The hint above a checkbox group, from the question's own limits. */
export function pickLimitsHint(question: Pick<SimpleQuestion, 'minSelected' | 'maxSelected'>): string | null {
  const { minSelected: min, maxSelected: max } = question;
  if (min !== undefined && min > 0 && max !== undefined) {
    return min === max ? `Select ${min} options.` : `Select between ${min} and ${max} options.`;
  }
  if (min !== undefined && min > 0) return `Select at least ${min} options.`;
  if (max !== undefined) return max === 1 ? 'Select 1 option.' : `Select up to ${max} options.`;
  return null;
}

/** An answer's value in words (option titles joined), for the saved state and My responses. */
export function answerText(value: AnswerValue): string {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The live answer to a question (and site), if any: the server keeps one, the last. */
export function answerFor(
  answers: readonly Answer[],
  questionId: string,
  siteId: string | null = null,
): Answer | undefined {
  return answers.find(
    (answer) => answer.questionId === questionId && (answer.relatedSiteId ?? null) === siteId,
  );
}

/** Whether the question asks about a site (its own, or inherited from a map-linked parent). */
export const asksForSite = (question: Pick<AnswerableQuestion, 'mapFeatureSelect'>) =>
  Boolean(question.mapFeatureSelect);

/** The element id of a question's block: My responses links to it, the sign-in returns to it. */
export const questionAnchor = (questionId: string) => `question-${questionId}`;
