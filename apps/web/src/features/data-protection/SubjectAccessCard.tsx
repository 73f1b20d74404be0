import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Descriptions, Empty, Form, Progress, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { subjectAccessMessages, type SubjectAccessStatus } from '@planning/shared';
import { notifyError } from '../../platform/notices/notifyError';
import { downloadSubjectAccess, fetchSubjectAccess, startSubjectAccess, subjectAccessQueryKeys } from './api';
import { clearTermErrors, PersonTermsFields, showTermErrors } from './PersonTermsFields';

type Terms = { email: string; name: string; postcode: string };

// Polled while the job runs; a finished request never changes.
const POLL_MS = 1_000;

/** The findings: a panel a table, each record's personal fields. */
function Findings({ status }: { status: SubjectAccessStatus }) {
  const result = status.result;
  if (!result) return null;
  const total = result.tables.reduce((sum, table) => sum + table.count, 0);
  return (
    <section aria-label="Records found" className="data-protection__findings">
      <Typography.Paragraph>
        {total === 0
          ? 'No record holds this person’s details.'
          : `${total.toLocaleString('en-GB')} records in ${result.tables.length} tables${
              result.files > 0 ? `, and ${result.files} files in the export` : ''
            }.`}
      </Typography.Paragraph>
      {status.download && (
        <Button
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => void downloadSubjectAccess(status.download!).catch(notifyError)}
        >
          Download the export
        </Button>
      )}
      {total === 0 ? (
        <Empty description="Nothing found" />
      ) : (
        <Collapse
          className="data-protection__tables"
          items={result.tables.map((table) => ({
            key: table.table,
            label: `${table.record} (${table.count.toLocaleString('en-GB')})`,
            children: table.records.map((record, index) => (
              <Descriptions
                key={record.id ?? index}
                size="small"
                bordered
                column={1}
                title={`${record.id ?? `Record ${index + 1}`} · found by ${record.matchedBy.join(', ')}`}
                items={Object.entries(record.fields).map(([column, value]) => ({
                  key: column,
                  label: column,
                  children: value ?? '—',
                }))}
              />
            )),
          }))}
        />
      )}
    </section>
  );
}

/** Issue 26 point 3: a person's records across the platform, reviewed here and exported. */
export function SubjectAccessCard() {
  const [form] = Form.useForm<Terms>();
  const [params, setParams] = useSearchParams();
  const requestId = params.get('request');
  const [formError, setFormError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const status = useQuery({
    queryKey: subjectAccessQueryKeys.one(requestId ?? ''),
    queryFn: ({ signal }) => fetchSubjectAccess(requestId!, signal),
    enabled: requestId !== null,
    refetchInterval: (query) =>
      query.state.data && ['queued', 'running'].includes(query.state.data.status) ? POLL_MS : false,
  });

  const submit = async (terms: Terms) => {
    setFormError(null);
    clearTermErrors(form);
    setStarting(true);
    try {
      const started = await startSubjectAccess(terms);
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('request', started.id);
        return next;
      });
    } catch (error) {
      setFormError(showTermErrors(form, error));
    } finally {
      setStarting(false);
    }
  };

  const data = status.data;
  const running = data && (data.status === 'queued' || data.status === 'running');
  return (
    <Card title={<h2 className="data-protection__heading">Subject access request</h2>}>
      <Typography.Paragraph>
        Find every record that holds a person’s email address, name or postcode, or hangs off one that does
        (their account, their representations and files), to answer their request.
      </Typography.Paragraph>
      {formError && <Alert type="error" showIcon message={formError} className="data-protection__alert" />}
      <Form form={form} layout="inline" onFinish={(terms) => void submit(terms)} requiredMark={false}>
        <PersonTermsFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={starting}>
            Find records
          </Button>
        </Form.Item>
      </Form>
      {status.isError && <Alert type="error" showIcon message={status.error.message} />}
      {running && (
        <div role="status" className="data-protection__progress">
          <p>{subjectAccessMessages.started}</p>
          <Progress
            percent={data.progress.total ? Math.round((100 * data.progress.done) / data.progress.total) : 0}
            aria-label="Tables searched"
          />
        </div>
      )}
      {data?.status === 'failed' && (
        <Alert type="error" showIcon message={data.error ?? 'The search failed.'} />
      )}
      {data?.status === 'succeeded' && <Findings status={data} />}
    </Card>
  );
}
