import { useId, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Result, Select, Space, Spin } from 'antd';
import { DownloadOutlined, FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { analysisMessages, type StatementFormat } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { notifyError } from '../../../platform/notices/notifyError';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { hasFilters, queryOf, withChoice } from '../analysisFilters';
import {
  analysisQueryKeys,
  downloadAnswersCsv,
  downloadStatement,
  fetchAnalysis,
  fetchDocuments,
  fetchEvents,
} from '../api';
import { DayChart } from '../components/DayChart';
import { EventSummary } from '../components/EventSummary';
import { QuestionCard } from '../components/QuestionCard';
import '../analysis.css';

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : fallback;

/** A labelled control: the label names it for screen readers and for the browser journeys. */
function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="analysis-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

/**
 * Spec 02 §2 /document/response-analysis: a document's answers per question (a chart and its
 * table, or the newest texts), a consultation event's representations by attitude, status and
 * topic, filters by question, site and dates, the answers as CSV and the event's consultation
 * statement (Word or PDF). The choices live in the address, so a view can be shared.
 */
export function ResponseAnalysisPage() {
  const { flags } = useTenant();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  const ids = {
    document: useId(),
    event: useId(),
    question: useId(),
    site: useId(),
    from: useId(),
    to: useId(),
  };
  const enabled = flags.analysisPage && flags.consultationsPages;

  const documents = useQuery({
    queryKey: analysisQueryKeys.documents,
    queryFn: ({ signal }) => fetchDocuments(signal),
    enabled,
  });
  const events = useQuery({
    queryKey: analysisQueryKeys.events,
    queryFn: ({ signal }) => fetchEvents(signal),
    enabled,
  });
  const chosen = Boolean(query.documentId || query.eventId);
  const analysis = useQuery({
    queryKey: analysisQueryKeys.analysis(query),
    queryFn: ({ signal }) => fetchAnalysis(query, signal),
    enabled: enabled && chosen,
    // A new filter keeps the old numbers on screen (dimmed) until the new ones come.
    placeholderData: keepPreviousData,
  });
  const csv = useMutation({
    mutationFn: () => downloadAnswersCsv(query),
    onError: (error) => notifyError(error, analysisMessages.exportFailed),
  });
  const statement = useMutation({
    mutationFn: (format: StatementFormat) => downloadStatement(query.eventId!, format),
    onError: (error, format) => notifyError(error, analysisMessages.statementFailed(format)),
  });

  if (!flags.analysisPage) return <Result status="info" title={analysisMessages.analysisOff} />;
  if (!flags.consultationsPages) return <Result status="info" title={analysisMessages.consultationsOff} />;

  const choose = (key: Parameters<typeof withChoice>[1]) => (value: string | null | undefined) =>
    setParams(withChoice(params, key, value ?? null), { replace: true });
  const data = analysis.data;
  const document = data?.document ?? null;
  const event = data?.event ?? null;
  const eventDocument = event?.documentId && !query.documentId ? event.documentId : null;
  const hasDocument = Boolean(query.documentId || eventDocument);

  return (
    <div className="page response-analysis">
      <h1 className="page__title">Response analysis</h1>

      <Card className="analysis-filters" size="small">
        <form role="search" aria-label="What to analyse" onSubmit={(formEvent) => formEvent.preventDefault()}>
          <div className="analysis-filters__row">
            <Field label="Document" htmlFor={ids.document}>
              <Select
                id={ids.document}
                className="analysis-filters__wide"
                placeholder="Choose a document"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={documents.isPending}
                // With only an event chosen, the event's own document is the one analysed.
                value={query.documentId ?? eventDocument}
                onChange={choose('documentId')}
                options={(documents.data ?? []).map((item) => ({ value: item.id, label: item.title }))}
                notFoundContent={
                  documents.isError
                    ? errorText(documents.error, 'Failed to load the documents')
                    : 'No documents'
                }
              />
            </Field>
            <Field label="Consultation event" htmlFor={ids.event}>
              <Select
                id={ids.event}
                className="analysis-filters__wide"
                placeholder="None"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={events.isPending}
                value={query.eventId ?? null}
                onChange={choose('eventId')}
                options={(events.data ?? []).map((item) => ({
                  value: item.id,
                  label: item.name,
                }))}
                notFoundContent={
                  events.isError
                    ? errorText(events.error, 'Failed to load the consultation events')
                    : 'No events'
                }
              />
            </Field>
          </div>
          {chosen && (
            <div className="analysis-filters__row">
              <Field label="Question" htmlFor={ids.question}>
                <Select
                  id={ids.question}
                  className="analysis-filters__wide"
                  placeholder="All questions"
                  allowClear
                  disabled={!hasDocument}
                  value={query.questionId ?? null}
                  onChange={choose('questionId')}
                  options={(document?.questions ?? []).map((item) => ({ value: item.id, label: item.title }))}
                />
              </Field>
              <Field label="Site" htmlFor={ids.site}>
                <Select
                  id={ids.site}
                  className="analysis-filters__site"
                  placeholder="All sites"
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  value={query.siteId ?? null}
                  onChange={choose('siteId')}
                  options={(document?.sites ?? []).map((item) => ({
                    value: item.siteId,
                    label: item.siteName,
                  }))}
                  notFoundContent="No site has been answered about"
                />
              </Field>
              <Field label="From" htmlFor={ids.from}>
                <Input
                  id={ids.from}
                  type="date"
                  value={query.from ?? ''}
                  max={query.to}
                  onChange={(change) => choose('from')(change.target.value)}
                />
              </Field>
              <Field label="To" htmlFor={ids.to}>
                <Input
                  id={ids.to}
                  type="date"
                  value={query.to ?? ''}
                  min={query.from}
                  onChange={(change) => choose('to')(change.target.value)}
                />
              </Field>
              {hasFilters(query) && (
                <Button
                  className="analysis-filters__clear"
                  onClick={() => {
                    let next = params;
                    for (const key of ['questionId', 'siteId', 'from', 'to'] as const)
                      next = withChoice(next, key, null);
                    setParams(next, { replace: true });
                  }}
                >
                  Clear filters
                </Button>
              )}
            </div>
          )}
        </form>
        {chosen && (
          <div className="analysis-actions">
            <Button
              icon={<DownloadOutlined />}
              disabled={!hasDocument}
              loading={csv.isPending}
              onClick={() => csv.mutate()}
            >
              Export CSV
            </Button>
            {query.eventId && (
              <Space.Compact className="analysis-actions__statement">
                <span className="analysis-actions__label" id="analysis-statement-label">
                  Consultation statement
                </span>
                <Button
                  icon={<FileWordOutlined />}
                  aria-label="Consultation statement as Word"
                  loading={statement.isPending && statement.variables === 'docx'}
                  onClick={() => statement.mutate('docx')}
                >
                  Word
                </Button>
                <Button
                  icon={<FilePdfOutlined />}
                  aria-label="Consultation statement as PDF"
                  loading={statement.isPending && statement.variables === 'pdf'}
                  onClick={() => statement.mutate('pdf')}
                >
                  PDF
                </Button>
              </Space.Compact>
            )}
          </div>
        )}
      </Card>

      {!chosen ? (
        <Empty className="analysis-start" description={analysisMessages.chooseDocument} />
      ) : analysis.isError ? (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={errorText(analysis.error, analysisMessages.loadFailed)}
        />
      ) : analysis.isPending ? (
        <div className="analysis-loading" role="status" aria-label="Loading the analysis">
          <Spin />
        </div>
      ) : (
        <div
          className={`analysis-results${analysis.isPlaceholderData ? ' is-updating' : ''}`}
          aria-busy={analysis.isFetching}
        >
          {event && <EventSummary event={event} />}
          {document && (
            <section className="analysis-document" aria-labelledby="analysis-document-title">
              <h2 id="analysis-document-title">Answers: {document.title}</h2>
              <dl className="analysis-totals">
                <div>
                  <dt>Respondents</dt>
                  <dd>{document.respondents}</dd>
                </div>
                <div>
                  <dt>Answers</dt>
                  <dd>{document.answerCount}</dd>
                </div>
                <div>
                  <dt>Questions</dt>
                  <dd>{document.questions.length}</dd>
                </div>
              </dl>
              {document.answerCount === 0 ? (
                <p className="analysis-empty">{analysisMessages.noAnswers}</p>
              ) : (
                document.overTime.length > 0 && (
                  <Card title="Answers a day" size="small" className="analysis-days">
                    <DayChart title="answers a day" days={document.overTime} />
                  </Card>
                )
              )}
              {document.questions.length === 0 ? (
                <p className="analysis-empty">This document has no questions.</p>
              ) : (
                document.questions.map((question) => <QuestionCard key={question.id} question={question} />)
              )}
            </section>
          )}
          {!document && event && (
            <p className="analysis-note">
              Choose a document to see its answers as well: this consultation event has no document of its
              own.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
