import { CheckOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import {
  answerProblem,
  conditionMet,
  DOCUMENT_LIMITS,
  questionMessages,
  type Answer,
  type AnswerableQuestion,
  type Question,
  type SimpleQuestion,
} from '@planning/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DocumentMap } from '../map/DocumentMap';
import { documentSitesQuery, siteLayersQuery } from './api';
import { AnswerFields, emptyDraft, TextBox, type Draft, type FieldError } from './AnswerFields';
import {
  AnswerActions,
  DeleteAnswerDialog,
  DisabledReason,
  errorText,
  inputState,
  SubmittedMessage,
  useAnswerMutations,
} from './parts';
import type { QuestionBlockProps } from './QuestionBlock';
import { blockStyle, draftOf, focusFirstInput, QuestionHeader } from './QuestionBlock';
import { answerText, questionAnchor } from './rules';

const NO_LAYERS: never[] = [];
const NO_SITE_QUESTION = { type: 'site', commentsBox: false, showAssociatedLayers: false } as const;

/** The questions asked about each site: the question itself, or the map-linked question's list. */
export function siteQuestionsOf(question: Question): AnswerableQuestion[] {
  if (question.type !== 'mapLinkedQuestion') return [question];
  return question.questions.map((child) => ({
    ...child,
    mapFeatureSelect: child.mapFeatureSelect ?? question.mapFeatureSelect ?? NO_SITE_QUESTION,
    parentId: question.id,
  }));
}

type SiteAnswers = { siteId: string; siteName: string; comment: string | null; answers: Answer[] };

/** The resident's answers to these questions, by site, in the order first answered. */
export function answersBySite(answers: readonly Answer[], questionIds: ReadonlySet<string>): SiteAnswers[] {
  const bySite = new Map<string, SiteAnswers>();
  for (const answer of answers) {
    if (!questionIds.has(answer.questionId) || !answer.relatedSiteId) continue;
    const entry = bySite.get(answer.relatedSiteId) ?? {
      siteId: answer.relatedSiteId,
      siteName: answer.relatedSiteName ?? answer.siteName ?? `Site ${answer.relatedSiteId}`,
      comment: null,
      answers: [],
    };
    entry.answers.push(answer);
    entry.comment ??= answer.relatedSiteComment;
    bySite.set(answer.relatedSiteId, entry);
  }
  return [...bySite.values()];
}

type Errors = { site?: string; comment?: string; questions: Record<string, FieldError> };
const noErrors: Errors = { questions: {} };

/**
 * Spec 02 §2 the site-linked question, and the map-linked question (several questions under one
 * map): pick a site from the searchable list (a tick marks those already answered), answer, and
 * comment; the answers given are listed by site, each to edit or delete. The last answer per site
 * is the one that counts (the server replaces it).
 */
export function SiteQuestionBlock({ documentId, question, answers, viewer }: QuestionBlockProps) {
  const titleId = useId();
  const siteLabelId = useId();
  const commentId = useId();
  const state = inputState(viewer);
  const questions = useMemo(() => siteQuestionsOf(question), [question]);
  const settings = questions[0]?.mapFeatureSelect ?? NO_SITE_QUESTION;
  const commentsBox = questions.some((child) => child.mapFeatureSelect?.commentsBox);
  const sites = useQuery(documentSitesQuery(documentId));
  const { save, remove } = useAnswerMutations(documentId);

  // A save or delete shows at once; the next read of the answers (refetched after it) takes over.
  const signature = answers.map((answer) => `${answer.id}@${answer.updatedAt}`).join();
  const [override, setOverride] = useState<{ signature: string; answers: readonly Answer[] } | null>(null);
  const current = override?.signature === signature ? override.answers : answers;
  const questionIds = useMemo(() => new Set(questions.map((child) => child.id)), [questions]);
  const previous = useMemo(() => answersBySite(current, questionIds), [current, questionIds]);
  const answeredSites = new Set(previous.map((entry) => entry.siteId));

  const [siteId, setSiteId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => blankDrafts(questions));
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SiteAnswers | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const submittedRef = useRef<HTMLDivElement>(null);
  const siteRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (submitted) submittedRef.current?.focus();
  }, [submitted]);

  /** Choosing a site already answered opens its answers to edit (spec 02 §4 "editing a selected response"). */
  const chooseSite = (id: string | null) => {
    setSiteId(id);
    setErrors(noErrors);
    setSaveError(null);
    setSubmitted(null);
    const existing = previous.find((entry) => entry.siteId === id);
    setDrafts(
      Object.fromEntries(
        questions.map((child) => [
          child.id,
          draftOf(
            child,
            existing?.answers.find((answer) => answer.questionId === child.id),
          ),
        ]),
      ),
    );
    setComment(existing?.comment ?? '');
  };

  // My responses' 'Select answer' opens the question at one site's answer (?question=…&site=…).
  const [params] = useSearchParams();
  const wanted = params.get('question') === question.id ? params.get('site') : null;
  const [opened, setOpened] = useState<string | null>(null);
  if (wanted && opened !== wanted && previous.some((entry) => entry.siteId === wanted)) {
    setOpened(wanted);
    chooseSite(wanted);
  }

  const handleClear = () => {
    setDrafts(blankDrafts(questions));
    setComment('');
    setErrors(noErrors);
  };

  const handleSubmit = async () => {
    const found: Errors = { questions: {} };
    if (!siteId) found.site = questionMessages.fieldRequired;
    if (commentsBox && comment.trim() === '') found.comment = questionMessages.fieldRequired;
    for (const child of questions) {
      const draft = drafts[child.id] ?? emptyDraft(child);
      // The site and comment are checked above, each at its own field.
      const problem = valueProblem(child, draft);
      if (problem) found.questions[child.id] = problem;
    }
    setErrors(found);
    setSaveError(null);
    const firstQuestion = questions.find((child) => found.questions[child.id]);
    if (found.site) return queueMicrotask(() => focusFirstInput(siteRef.current));
    if (firstQuestion)
      return queueMicrotask(() =>
        focusFirstInput(formRef.current?.querySelector(`[data-question="${firstQuestion.id}"]`) ?? null),
      );
    if (found.comment) return queueMicrotask(() => document.getElementById(commentId)?.focus());
    if (!siteId) return;
    try {
      const saved: Answer[] = [];
      for (const child of questions) {
        const draft = drafts[child.id] ?? emptyDraft(child);
        saved.push(
          await save.mutateAsync({
            questionId: child.id,
            value: draft.value,
            conditional: conditionMet(child, draft.value) ? draft.conditional : null,
            relatedSiteId: siteId,
            relatedSiteComment: commentsBox ? comment : null,
          }),
        );
      }
      const replaced = new Set(saved.map((answer) => `${answer.questionId}:${answer.relatedSiteId}`));
      setOverride({
        signature,
        answers: [
          ...current.filter((answer) => !replaced.has(`${answer.questionId}:${answer.relatedSiteId}`)),
          ...saved,
        ],
      });
      setSubmitted(siteId);
    } catch (failure) {
      setSaveError(errorText(failure));
    }
  };

  const handleAnotherSite = () => {
    setSubmitted(null);
    chooseSite(null);
    queueMicrotask(() => focusFirstInput(siteRef.current));
  };

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      for (const answer of deleting.answers) await remove.mutateAsync(answer);
      const gone = new Set(deleting.answers.map((answer) => answer.id));
      setOverride({ signature, answers: current.filter((answer) => !gone.has(answer.id)) });
      if (siteId === deleting.siteId) chooseSite(null);
      setDeleting(null);
    } catch {
      // The dialog shows the failure (remove.error) and stays open.
    }
  };

  const mapSites = useMemo(
    () =>
      (sites.data?.sites ?? []).map((site) => ({
        id: site.id,
        name: site.name,
        helaa_reference: site.reference,
        site_tags: [],
        geometry: site.geometry,
        info: {},
      })),
    [sites.data],
  );

  const siteOptions = (sites.data?.sites ?? []).map((site) => ({
    value: site.id,
    searchText: `${site.name} ${site.reference ?? ''} ${site.id}`.toLowerCase(),
    label: (
      <span className="question-site-option">
        <span>
          {site.name}
          {site.reference ? ` (${site.reference})` : ''}
        </span>
        {answeredSites.has(site.id) && <CheckOutlined aria-label="answered" className="question-site-tick" />}
      </span>
    ),
  }));

  return (
    <section
      id={questionAnchor(question.id)}
      className="question-block question-block--site"
      aria-labelledby={titleId}
      style={blockStyle(question)}
    >
      <QuestionHeader question={question} titleId={titleId} />
      {submitted ? (
        <SubmittedMessage ref={submittedRef}>
          <Button onClick={handleAnotherSite}>Comment on another site</Button>
        </SubmittedMessage>
      ) : (
        <div ref={formRef}>
          <DisabledReason reason={state.disabled ? state.reason : null}>
            {mapSites.length > 0 && (
              <div className="question-map">
                <DocumentMap
                  sites={mapSites}
                  selectedSiteId={siteId}
                  onSelectSite={(id) => !state.disabled && chooseSite(id)}
                  layers={NO_LAYERS}
                  label={`Map of the sites: ${question.title}`}
                />
                <p className="question-note">Choose a site on the map, or from the list below.</p>
              </div>
            )}
            <div className="question-field" ref={siteRef}>
              <label className="question-legend" id={siteLabelId} htmlFor={`${siteLabelId}-select`}>
                Select site
              </label>
              {errors.site && (
                <p id={`${siteLabelId}-error`} className="question-error">
                  {errors.site}
                </p>
              )}
              <Select
                id={`${siteLabelId}-select`}
                className="question-select"
                showSearch={{
                  filterOption: (input, option) =>
                    (option?.searchText ?? '').includes(input.trim().toLowerCase()),
                }}
                allowClear
                placeholder="Search for a site"
                loading={sites.isPending}
                notFoundContent={sites.isError ? 'Failed to fetch site ids' : 'No sites found'}
                value={siteId ?? undefined}
                // A site chosen by the address (?site=) before the list has arrived: its name is not
                // known yet, and the bare id would mean nothing to the reader.
                labelRender={sites.data ? undefined : () => 'Loading sites…'}
                disabled={state.disabled}
                status={errors.site ? 'error' : undefined}
                aria-invalid={errors.site ? true : undefined}
                aria-describedby={errors.site ? `${siteLabelId}-error` : undefined}
                options={siteOptions}
                onChange={(value: string | undefined) => chooseSite(value ?? null)}
              />
            </div>
            {siteId && settings.showAssociatedLayers && (
              <SiteLayers documentId={documentId} siteId={siteId} />
            )}
            {questions.map((child) => (
              <ChildQuestion
                key={child.id}
                question={child}
                single={question.type !== 'mapLinkedQuestion'}
                titleId={titleId}
                draft={drafts[child.id] ?? emptyDraft(child)}
                error={errors.questions[child.id] ?? null}
                disabled={state.disabled}
                onChange={(draft) => {
                  setDrafts((all) => ({ ...all, [child.id]: draft }));
                  setErrors((all) => ({ ...all, questions: { ...all.questions, [child.id]: null } }));
                }}
              />
            ))}
            {commentsBox && (
              <div className="question-field">
                <label className="question-legend" htmlFor={commentId}>
                  Please share your comments on this site
                </label>
                {errors.comment && (
                  <p id={`${commentId}-error`} className="question-error">
                    {errors.comment}
                  </p>
                )}
                <TextBox
                  id={commentId}
                  value={comment}
                  max={DOCUMENT_LIMITS.siteCommentMax}
                  disabled={state.disabled}
                  errorId={errors.comment ? `${commentId}-error` : undefined}
                  onChange={(value) => {
                    setComment(value);
                    setErrors((all) => ({ ...all, comment: undefined }) as Errors);
                  }}
                />
              </div>
            )}
          </DisabledReason>
          {saveError && (
            <p className="question-error" role="alert">
              {saveError}
            </p>
          )}
          <AnswerActions
            questionId={question.id}
            viewer={viewer}
            busy={save.isPending}
            onClear={handleClear}
            onSubmit={() => void handleSubmit()}
          />
        </div>
      )}
      {previous.length > 0 && (
        <div className="question-previous">
          <h4 className="question-previous-title">Your answers</h4>
          <ul className="question-previous-list">
            {previous.map((entry) => (
              <li key={entry.siteId} className="question-previous-item">
                <p className="question-previous-site">{entry.siteName}</p>
                {entry.answers.map((answer) => {
                  const child = questions.find((item) => item.id === answer.questionId);
                  return (
                    <p key={answer.id} className="question-answer-value">
                      {questions.length > 1 && child && (
                        <span className="question-answer-of">{child.title} </span>
                      )}
                      {answerText(answer.value)}
                      {answer.conditional ? ` (${answer.conditional})` : ''}
                    </p>
                  );
                })}
                {entry.comment && <p className="question-previous-comment">{entry.comment}</p>}
                {state.canSubmit && (
                  <div className="question-actions">
                    <Button
                      aria-label={`Edit answer for ${entry.siteName}`}
                      onClick={() => {
                        chooseSite(entry.siteId);
                        queueMicrotask(() => focusFirstInput(formRef.current));
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      danger
                      aria-label={`Delete answer for ${entry.siteName}`}
                      onClick={() => setDeleting(entry)}
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <DeleteAnswerDialog
        open={deleting !== null}
        busy={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onDelete={() => void handleDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

const blankDrafts = (questions: readonly SimpleQuestion[]) =>
  Object.fromEntries(questions.map((child) => [child.id, emptyDraft(child)]));

/** The answer's own problem (its value, its conditional text), with the site taken as given. */
function valueProblem(question: AnswerableQuestion, draft: Draft): FieldError {
  const given = { relatedSiteId: '1', relatedSiteComment: 'given' };
  const value = answerProblem(question, { value: draft.value, ...given });
  if (value) return { field: 'value', message: value };
  const whole = answerProblem(question, {
    value: draft.value,
    conditional: conditionMet(question, draft.value) ? draft.conditional : null,
    ...given,
  });
  return whole ? { field: 'conditional', message: whole } : null;
}

/** One question asked about the chosen site; under a map-linked question, with its own title. */
function ChildQuestion(props: {
  question: SimpleQuestion;
  single: boolean;
  titleId: string;
  draft: Draft;
  error: FieldError;
  disabled: boolean;
  onChange: (draft: Draft) => void;
}) {
  const ownTitleId = useId();
  return (
    <div className="question-child" data-question={props.question.id}>
      {!props.single && (
        <h4 id={ownTitleId} className="question-child-title">
          {props.question.title}
        </h4>
      )}
      <AnswerFields
        question={props.question}
        titleId={props.single ? props.titleId : ownTitleId}
        draft={props.draft}
        error={props.error}
        disabled={props.disabled}
        onChange={props.onChange}
      />
    </div>
  );
}

/** Spec 02 §2: 'Layer associated with this site' cards, the layers the site overlaps. */
function SiteLayers({ documentId, siteId }: { documentId: string; siteId: string }) {
  const layers = useQuery(siteLayersQuery(documentId, siteId));
  if (layers.isPending) return <p className="question-note">Loading layers…</p>;
  if (layers.isError) return <p className="question-note">Failed to load the layers of this site</p>;
  if (layers.data.layers.length === 0) return null;
  return (
    <ul className="question-layers" aria-label="Layers associated with this site">
      {layers.data.layers.map((layer) => (
        <li key={layer.layerId} className="question-layer-card">
          <p className="question-layer-label">Layer associated with this site</p>
          <p className="question-layer-name">{layer.layerTitle}</p>
          <p className="question-layer-share">{layer.layerOverlapPercent}% of the site</p>
        </li>
      ))}
    </ul>
  );
}
