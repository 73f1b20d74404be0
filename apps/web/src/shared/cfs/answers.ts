import { answerLabels, type ConfigQuestion, type QuestionTopic } from '@planning/shared';

/*
 * A call for sites site's questionnaire answers as the staff read them: on the review page
 * (features/cfs-review) and in the site page's submission section (features/sites), one join.
 */

/** The labels of option ids (ownership, uses, constraints), an unknown id as given. */
export function labelsOf<T extends Record<string, string>>(options: T, ids: readonly string[]): string[] {
  return ids.map((id) => (options as Record<string, string>)[id] ?? id);
}

export type AnswerRow = { id: string; topic: string; question: string; answer: string };

/** An answer in words: chosen options' labels, a ranking in order, a scale point or the text. */
export const answerText = (question: ConfigQuestion | undefined, answer: string | string[]): string =>
  answerLabels(question, answer).join(', ');

/**
 * A site's questionnaire answers as rows, in the questionnaire's order; answers to questions the
 * questionnaire no longer has come last, under their ids.
 */
export function answerRows(
  topics: readonly QuestionTopic[],
  answers: Record<string, string | string[]>,
): AnswerRow[] {
  const rows: AnswerRow[] = [];
  const known = new Set<string>();
  for (const topic of topics) {
    for (const question of topic.questions) {
      known.add(question.id);
      const answer = answers[question.id];
      if (answer === undefined || answer.length === 0) continue;
      rows.push({
        id: question.id,
        topic: topic.title,
        question: question.question,
        answer: answerText(question, answer),
      });
    }
  }
  for (const [id, answer] of Object.entries(answers)) {
    if (known.has(id) || answer.length === 0) continue;
    rows.push({ id, topic: '', question: id, answer: answerText(undefined, answer) });
  }
  return rows;
}
