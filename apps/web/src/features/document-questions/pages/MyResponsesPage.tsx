import { Alert, Empty, Skeleton, Tag } from 'antd';
import {
  questionsOfEntity,
  type Answer,
  type DocumentConfig,
  type PublicDocument,
  type Question,
  type QuestionTags as QuestionTagList,
  type ResponseTagPolicy,
} from '@planning/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  documentAnswersQuery,
  myResponsesQuery,
  publicDocumentQuery,
} from '../../../shared/documents/questions/api';
import { errorText } from '../../../shared/documents/questions/parts';
import { QuestionTags } from '../../../shared/documents/questions/QuestionTags';
import { answerText, questionAnchor } from '../../../shared/documents/questions/rules';
import '../../../shared/documents/questions/questions.css';

/** The document's questions in reading order (a map-linked question once, with its own list). */
export function questionsInOrder(config: Pick<DocumentConfig, 'root' | 'entities'>): Question[] {
  const found: Question[] = [];
  const seen = new Set<string>();
  const walk = (id: string) => {
    const entity = config.entities[id];
    if (!entity || seen.has(id)) return;
    seen.add(id);
    const [first] = questionsOfEntity(entity);
    if (first) found.push(first);
    for (const child of entity.childSectionIds ?? []) walk(child);
  };
  walk(config.root);
  return found;
}

const documentPath = (documentId: string) => `/p/document/${encodeURIComponent(documentId)}`;
const questionPath = (documentId: string, questionId: string, siteId?: string) =>
  `${documentPath(documentId)}${
    siteId ? `?question=${encodeURIComponent(questionId)}&site=${encodeURIComponent(siteId)}` : ''
  }#${questionAnchor(questionId)}`;

/**
 * Spec 02 §2 My responses (/p/document/my-responses): every question of the documents the
 * resident has answered, each marked answered or not, with links back to the question to add,
 * edit or select an answer. `?documentId=` shows one document (the user menu's link).
 */
export function MyResponsesPage() {
  const [params] = useSearchParams();
  const only = params.get('documentId');
  const responses = useQuery(myResponsesQuery);
  const ids = (responses.data?.responses ?? [])
    .map((response) => response.documentId)
    .filter((id) => !only || id === only);
  if (only && responses.data && !ids.includes(only)) ids.push(only);

  return (
    <div className="page my-responses">
      <h1 className="page__title">My responses</h1>
      {responses.isPending && <Skeleton active />}
      {responses.isError && <Alert type="error" showIcon message={errorText(responses.error)} />}
      {responses.data && ids.length === 0 && (
        <Empty description="You have not answered any consultation yet">
          <Link to="/p/document/all">See the consultations</Link>
        </Empty>
      )}
      {ids.map((id) => (
        <DocumentResponses key={id} documentId={id} />
      ))}
    </div>
  );
}

function DocumentResponses({ documentId }: { documentId: string }) {
  const [document, answers] = useQueries({
    queries: [publicDocumentQuery(documentId), documentAnswersQuery(documentId)],
  });
  if (document.isPending || answers.isPending) return <Skeleton active />;
  if (document.isError || answers.isError)
    return <Alert type="error" showIcon message={errorText(document.error ?? answers.error)} />;
  const questions = questionsInOrder(document.data.config);
  const answered = questions.filter((question) => answersOf(question, answers.data.answers).length > 0);
  return (
    <section className="my-responses-document" aria-labelledby={`doc-${documentId}`}>
      <h2 id={`doc-${documentId}`} className="my-responses-title">
        <Link to={documentPath(documentId)}>{document.data.title}</Link>
      </h2>
      <p className="question-note">
        {answered.length} of {questions.length} questions answered
        {document.data.answersOpenUntil
          ? `; answers open until ${new Date(document.data.answersOpenUntil).toLocaleDateString('en-GB', {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}`
          : ''}
        .
      </p>
      <ol className="my-responses-list">
        {questions.map((question) => (
          <QuestionResponse
            key={question.id}
            document={document.data}
            question={question}
            answers={answersOf(question, answers.data.answers)}
            tagging={answers.data.tagging}
            tags={tagsOf(question, answers.data.tags)}
          />
        ))}
      </ol>
    </section>
  );
}

/** A question's live answers: its own, or (map-linked) those of the questions under its map. */
function answersOf(question: Question, answers: readonly Answer[]): Answer[] {
  const ids = new Set(
    question.type === 'mapLinkedQuestion' ? question.questions.map((child) => child.id) : [question.id],
  );
  return answers.filter((answer) => ids.has(answer.questionId));
}

/** The resident's saved tags on a question (none: an empty list). */
const tagsOf = (question: Question, tags: readonly QuestionTagList[]) =>
  tags.find((item) => item.questionId === question.id)?.tags ?? [];

function QuestionResponse({
  document,
  question,
  answers,
  tagging,
  tags,
}: {
  document: PublicDocument;
  question: Question;
  answers: Answer[];
  tagging: ResponseTagPolicy;
  tags: string[];
}) {
  const isAnswered = answers.length > 0;
  const bySite = question.type === 'mapLinkedQuestion' || Boolean(question.mapFeatureSelect);
  const canAnswer = document.viewer.canAnswer && document.viewer.answersOpen;
  const titleOf = (questionId: string) =>
    question.type === 'mapLinkedQuestion'
      ? question.questions.find((child) => child.id === questionId)?.title
      : undefined;
  const sites = [...new Set(answers.map((answer) => answer.relatedSiteId ?? ''))];

  return (
    <li className="my-responses-item">
      <div className="my-responses-head">
        <h3 className="my-responses-question">{question.title}</h3>
        <Tag className={`my-responses-status my-responses-status--${isAnswered ? 'answered' : 'open'}`}>
          {isAnswered ? 'Question answered' : 'Question not answered'}
        </Tag>
      </div>
      {isAnswered && !bySite && (
        <p className="question-answer-value">
          {answerText(answers[0]!.value)}
          {answers[0]!.conditional ? ` (${answers[0]!.conditional})` : ''}
        </p>
      )}
      {isAnswered && bySite && (
        <ul className="my-responses-sites">
          {sites.map((siteId) => {
            const forSite = answers.filter((answer) => (answer.relatedSiteId ?? '') === siteId);
            const first = forSite[0]!;
            return (
              <li key={siteId}>
                <p className="question-previous-site">{first.relatedSiteName ?? first.siteName ?? siteId}</p>
                {forSite.map((answer) => (
                  <p key={answer.id} className="question-answer-value">
                    {titleOf(answer.questionId) && (
                      <span className="question-answer-of">{titleOf(answer.questionId)} </span>
                    )}
                    {answerText(answer.value)}
                  </p>
                ))}
                {first.relatedSiteComment && (
                  <p className="question-previous-comment">{first.relatedSiteComment}</p>
                )}
                <Link
                  to={questionPath(document.id, question.id, siteId)}
                  aria-label={`Select answer: ${first.relatedSiteName ?? siteId}`}
                >
                  Select answer
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <QuestionTags
        documentId={document.id}
        questionId={question.id}
        questionTitle={question.title}
        tags={tags}
        policy={tagging}
        isAnswered={isAnswered}
      />
      <div className="question-actions">
        {canAnswer && (!isAnswered || bySite) && (
          <Link className="my-responses-link" to={questionPath(document.id, question.id)}>
            Add answer
          </Link>
        )}
        {canAnswer && isAnswered && !bySite && (
          <Link className="my-responses-link" to={questionPath(document.id, question.id)}>
            Edit answer
          </Link>
        )}
        {isAnswered && !bySite && (
          <Link className="my-responses-link" to={questionPath(document.id, question.id)}>
            Select answer
          </Link>
        )}
      </div>
    </li>
  );
}
