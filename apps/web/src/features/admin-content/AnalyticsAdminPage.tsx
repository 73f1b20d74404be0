import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import type { DocumentActivity } from '@planning/shared';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { adminContentKeys, fetchDocumentActivity } from './api';
import { when } from '../../shared/event-times/format';

/** /admin/consultations/analytics: a line per document, with a link to its response analysis. */
export function AnalyticsAdminPage() {
  const documents = useQuery({
    queryKey: adminContentKeys.documents,
    queryFn: ({ signal }) => fetchDocumentActivity(signal),
  });
  return (
    <AdminFrame title="Analytics">
      <Typography.Paragraph>
        How each consultation document has been answered. The full analysis of a document&apos;s responses,
        with charts, filters and the CSV, is on the{' '}
        <Link to="/document/response-analysis">response analysis</Link> page.
      </Typography.Paragraph>
      {documents.error ? (
        <Alert
          type="error"
          showIcon
          message="Failed to load the documents"
          action={<Button onClick={() => void documents.refetch()}>Try again</Button>}
        />
      ) : (
        <Table<DocumentActivity>
          rowKey="id"
          loading={documents.isLoading}
          dataSource={documents.data?.documents ?? []}
          pagination={(documents.data?.documents.length ?? 0) > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: 'No documents yet. Write one in the Doc Builder.' }}
          columns={[
            {
              title: 'Document',
              key: 'title',
              render: (_, document) => (
                <>
                  <Link to={`/documents/${document.id}`}>{document.title}</Link>{' '}
                  {!document.published && <Tag>Not published</Tag>}
                </>
              ),
            },
            { title: 'Respondents', dataIndex: 'respondents', align: 'right' },
            { title: 'Answers', dataIndex: 'answers', align: 'right' },
            { title: 'Last response', key: 'last', render: (_, document) => when(document.lastResponseAt) },
            {
              title: 'Analysis',
              key: 'analysis',
              render: (_, document) => (
                <Link
                  to={`/document/response-analysis?documentId=${document.id}`}
                  aria-label={`Analyse responses to ${document.title}`}
                >
                  Analyse responses
                </Link>
              ),
            },
          ]}
        />
      )}
    </AdminFrame>
  );
}
