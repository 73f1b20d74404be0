import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Pagination,
  Space,
  Switch,
  Tag,
  Typography,
  message,
} from 'antd';
import {
  adminContentMessages as M,
  applyRedactionSpans,
  normaliseSpans,
  submissionFieldLabels,
  type RedactionSpan,
  type Submission,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { adminContentKeys, fetchSubmissions, redactSubmission } from './api';
import { when } from '../../shared/event-times/format';
import { LoadingSpin } from '../../components/LoadingSpin';

const PAGE_SIZE = 10;

type Segment = { text: string; kind: 'plain' | 'finding' | 'span' };

/** The text cut at every finding and redacted part, so each can be marked. */
function segmentsOf(text: string, findings: Submission['findings'], spans: RedactionSpan[]): Segment[] {
  const cuts = new Set([0, text.length]);
  for (const item of [...findings, ...spans]) {
    cuts.add(item.from);
    cuts.add(item.to);
  }
  const points = [...cuts].filter((at) => at >= 0 && at <= text.length).sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let index = 0; index < points.length - 1; index++) {
    const from = points[index]!;
    const to = points[index + 1]!;
    const inSpan = spans.some((span) => span.from <= from && span.to >= to);
    const inFinding = findings.some((finding) => finding.from <= from && finding.to >= to);
    segments.push({ text: text.slice(from, to), kind: inSpan ? 'span' : inFinding ? 'finding' : 'plain' });
  }
  return segments;
}

/** Where the reader's selection lies inside `container`, as offsets of its text. */
function selectionIn(container: HTMLElement | null): { from: number; to: number } | null {
  const selection = window.getSelection();
  if (!container || !selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(container);
  before.setEnd(range.startContainer, range.startOffset);
  const from = before.toString().length;
  return { from, to: from + range.toString().length };
}

const covers = (spans: RedactionSpan[], item: { from: number; to: number }) =>
  spans.some((span) => span.from <= item.from && span.to >= item.to);

function SubmissionCard({
  submission,
  onSaved,
}: {
  submission: Submission;
  onSaved: (saved: Submission) => void;
}) {
  const [spans, setSpans] = useState<RedactionSpan[]>(submission.spans);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const changed = JSON.stringify(spans) !== JSON.stringify(submission.spans);
  const tidy = (next: RedactionSpan[]) => {
    const result = normaliseSpans(submission.text, next);
    return 'error' in result ? spans : result;
  };
  const save = useMutation({
    mutationFn: () =>
      redactSubmission({
        answerId: submission.answerId,
        field: submission.field,
        original: submission.text,
        spans,
      }),
    onSuccess: onSaved,
  });
  const preview = useMemo(() => applyRedactionSpans(submission.text, spans), [submission.text, spans]);
  const label = `${submission.questionTitle}, ${submission.documentTitle}`;
  const handleRedactSelection = () => {
    const picked = selectionIn(textRef.current);
    if (!picked || picked.to <= picked.from) {
      setSelectionError('Select words in the text first, then press Redact selected text.');
      return;
    }
    setSelectionError(null);
    setSpans(tidy([...spans, picked]));
  };
  return (
    <Card
      size="small"
      title={
        <Space wrap size={4}>
          <span>{submission.questionTitle}</span>
          <Tag>{submissionFieldLabels[submission.field]}</Tag>
        </Space>
      }
      extra={<Typography.Text type="secondary">{when(submission.answeredAt)}</Typography.Text>}
      aria-label={label}
      data-answer={submission.answerId}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        <Link to={`/documents/${submission.documentId}`}>{submission.documentTitle}</Link>
        {submission.siteName ? ` · ${submission.siteName}` : ''}
      </Typography.Paragraph>
      <div ref={textRef} className="redaction-text" aria-label="Submission as written">
        {segmentsOf(submission.text, submission.findings, spans).map((segment, index) =>
          segment.kind === 'plain' ? (
            <span key={index}>{segment.text}</span>
          ) : (
            <mark
              key={index}
              className={segment.kind === 'span' ? 'redaction-text__span' : 'redaction-text__finding'}
              title={segment.kind === 'span' ? 'To be redacted' : 'Possible personal data'}
            >
              {segment.text}
            </mark>
          ),
        )}
      </div>
      {submission.findings.length > 0 && (
        <fieldset style={{ border: 0, padding: 0, margin: '12px 0 0' }}>
          <legend style={{ fontSize: 14, marginBottom: 4 }}>Possible personal data</legend>
          <Space direction="vertical" size={2}>
            {submission.findings.map((finding) => (
              <Checkbox
                key={`${finding.from}-${finding.to}`}
                checked={covers(spans, finding)}
                onChange={(event) =>
                  setSpans(
                    event.target.checked
                      ? tidy([...spans, { from: finding.from, to: finding.to, kind: finding.kind }])
                      : spans.filter((span) => !(span.from <= finding.from && span.to >= finding.to)),
                  )
                }
              >
                Redact {finding.kind} &lsquo;{finding.text}&rsquo;
              </Checkbox>
            ))}
          </Space>
        </fieldset>
      )}
      <Space wrap style={{ marginTop: 12 }}>
        {submission.findings.length > 0 && (
          <Button
            onClick={() =>
              setSpans(
                tidy([...spans, ...submission.findings.map(({ from, to, kind }) => ({ from, to, kind }))]),
              )
            }
          >
            Redact everything found
          </Button>
        )}
        <Button onMouseDown={(event) => event.preventDefault()} onClick={handleRedactSelection}>
          Redact selected text
        </Button>
        <Button onClick={() => setSpans([])} disabled={spans.length === 0}>
          Clear redactions
        </Button>
      </Space>
      {selectionError && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8, marginBottom: 0 }}>
          {selectionError}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 4 }} strong>
        Everyone but the author reads:
      </Typography.Paragraph>
      <div
        className="redaction-text"
        aria-label="Submission as others read it"
        data-testid="redaction-preview"
      >
        {preview}
      </div>
      {save.error && (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          message={save.error instanceof ApiError ? save.error.message : 'Failed to save changes'}
        />
      )}
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
          Save redaction
        </Button>
        {submission.redactedAt && (
          <Typography.Text type="secondary">
            Redacted {when(submission.redactedAt)}
            {submission.redactedBy ? ` by ${submission.redactedBy}` : ''}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/** /admin/placemaker/suggestion-redaction: residents' free text, the detector's findings, redactions. */
export function SuggestionRedactionPage() {
  const client = useQueryClient();
  const [notice, context] = message.useMessage();
  const [onlyFindings, setOnlyFindings] = useState(true);
  const [page, setPage] = useState(1);
  const query = { withFindings: String(onlyFindings), page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: adminContentKeys.submissions(query),
    queryFn: ({ signal }) => fetchSubmissions(query, signal),
  });
  const handleSaved = () => {
    void notice.success('Redaction saved');
    void client.invalidateQueries({ queryKey: ['admin-content', 'submissions'] });
  };
  return (
    <AdminFrame title="Suggestion redaction">
      {context}
      <Typography.Paragraph>
        Residents&apos; free-text answers to the council&apos;s documents. Redact names, telephone numbers,
        email addresses and home addresses: everyone but the resident who wrote it (the analysis page, its
        CSV, the responses list) then reads the redacted text. The original is kept for its author.
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Switch
          id="only-findings"
          checked={onlyFindings}
          onChange={(checked) => {
            setOnlyFindings(checked);
            setPage(1);
          }}
        />
        <label htmlFor="only-findings">Only submissions with possible personal data not yet redacted</label>
      </Space>
      {list.isLoading && <LoadingSpin label="Loading submissions" style={{ display: 'block' }} />}
      {list.error && (
        <Alert
          type="error"
          showIcon
          message="Failed to load the submissions"
          action={<Button onClick={() => void list.refetch()}>Try again</Button>}
        />
      )}
      {list.data && list.data.submissions.length === 0 && (
        <Empty description={onlyFindings ? M.noFindings : M.noSubmissions} />
      )}
      {list.data && list.data.submissions.length > 0 && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary" role="status">
            {list.data.count} submission{list.data.count === 1 ? '' : 's'}
          </Typography.Text>
          {list.data.submissions.map((submission) => (
            <SubmissionCard
              key={`${submission.answerId}-${submission.field}-${submission.redactedAt ?? ''}`}
              submission={submission}
              onSaved={handleSaved}
            />
          ))}
          {list.data.count > PAGE_SIZE && (
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={list.data.count}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </Space>
      )}
    </AdminFrame>
  );
}
