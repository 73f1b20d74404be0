import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Modal, Popconfirm, Result, Table, Tag } from 'antd';
import { FileAddOutlined } from '@ant-design/icons';
import { documentMessages, type DocumentSummary } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { Permitted } from '../../../platform/access/Permitted';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { useAccess } from '../../../platform/session/hooks';
import { builderQueryKeys, createDocument, deleteDocument, fetchDocuments } from '../api';
import { TemplateList } from '../components/TemplatePicker';
import '../documentBuilder.css';

const WRITE = [{ unit: 'consultations', action: 'write' }] as const;
const DELETE = [{ unit: 'consultations', action: 'delete' }] as const;

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : fallback;

/** /documents: the council's documents, 'Create new' (Blank or a template) and the templates. */
export function DocumentsPage() {
  const { flags } = useTenant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { permitted: canWrite } = useAccess(WRITE);
  const [naming, setNaming] = useState<{ templateId?: string } | null>(null);
  const [title, setTitle] = useState('');
  const documents = useQuery({
    queryKey: builderQueryKeys.list,
    queryFn: ({ signal }) => fetchDocuments(signal),
    enabled: flags.documentBuilder,
  });
  const create = useMutation({
    mutationFn: (input: { title: string; templateId?: string }) => createDocument(input),
    onSuccess: (record) => {
      void queryClient.invalidateQueries({ queryKey: builderQueryKeys.list });
      navigate(`/documents/${record.id}`);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteDocument(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: builderQueryKeys.list }),
  });

  if (!flags.documentBuilder) return <Result status="info" title={documentMessages.builderOff} />;

  return (
    <div className="page builder-list">
      <h1 className="page__title">Document builder</h1>
      <div className="builder-list__top">
        <Card title="Create new" className="builder-list__create">
          <p>Start from an empty document with one section to fill.</p>
          <Permitted needs={WRITE}>
            <Button type="primary" icon={<FileAddOutlined />} onClick={() => setNaming({})}>
              Blank
            </Button>
          </Permitted>
        </Card>
        <Card title="Templates" className="builder-list__templates">
          <TemplateList
            kind="document"
            pickLabel="Use template"
            disabled={!canWrite}
            busyId={create.isPending ? (create.variables?.templateId ?? null) : null}
            onPick={(templateId) => setNaming({ templateId })}
          />
        </Card>
      </div>

      <h2>Documents</h2>
      {remove.isError && (
        <Alert type="error" role="alert" title={errorText(remove.error, 'Failed to delete')} />
      )}
      {documents.isError ? (
        <Alert type="error" role="alert" title={errorText(documents.error, 'Failed to load the documents')} />
      ) : (
        <Table<DocumentSummary>
          rowKey="id"
          loading={documents.isPending}
          dataSource={documents.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: 'No documents yet' }}
          columns={[
            {
              title: 'Title',
              dataIndex: 'title',
              render: (value: string, row) => <Link to={`/documents/${row.id}`}>{value}</Link>,
            },
            {
              title: 'Status',
              key: 'status',
              render: (_, row) =>
                row.meta.isPublished ? (
                  <Tag className="builder-status is-published">Published</Tag>
                ) : (
                  <Tag className="builder-status">Draft</Tag>
                ),
            },
            {
              title: 'Updated',
              key: 'updated',
              render: (_, row) => new Date(row.meta.updatedAt).toLocaleString('en-GB'),
            },
            { title: 'Author', key: 'author', render: (_, row) => row.author?.name ?? '—' },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, row) => (
                <span className="builder-list__actions">
                  <Link to={`/documents/preview/${row.id}`} aria-label={`Preview ${row.title}`}>
                    Preview
                  </Link>
                  <Permitted needs={DELETE}>
                    <Popconfirm
                      title={`Delete ${row.title}?`}
                      description="Readers can no longer open it. Its answers are kept."
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutate(row.id)}
                    >
                      <Button type="link" danger size="small" aria-label={`Delete ${row.title}`}>
                        Delete
                      </Button>
                    </Popconfirm>
                  </Permitted>
                </span>
              ),
            },
          ]}
        />
      )}

      <Modal
        open={naming !== null}
        title={naming?.templateId ? 'New document from a template' : 'New blank document'}
        okText="Create"
        okButtonProps={{ disabled: title.trim() === '' }}
        confirmLoading={create.isPending}
        onOk={() =>
          create.mutate({ title, ...(naming?.templateId ? { templateId: naming.templateId } : {}) })
        }
        onCancel={() => {
          setNaming(null);
          create.reset();
        }}
        afterClose={() => setTitle('')}
        destroyOnHidden
      >
        <label htmlFor="builder-new-title">Title</label>
        <Input
          id="builder-new-title"
          value={title}
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
          onPressEnter={() =>
            title.trim() &&
            create.mutate({ title, ...(naming?.templateId ? { templateId: naming.templateId } : {}) })
          }
        />
        {create.isError && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            role="alert"
            title={errorText(create.error, 'Failed to create')}
          />
        )}
      </Modal>
    </div>
  );
}
