import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { configStores, configTypes, TENANT_ASSIGNMENT } from '@planning/shared';
import {
  configQueryKeys,
  deleteConfigDocument,
  restoreConfigDocument,
  type ConfigDocumentListItem,
} from '../api';
import { messageOf } from './ErrorScreens';

export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** The assignment as an admin reads it: 'tenant' is the one the council's screens use. */
export const assignmentLabel = (assignment: string | null) =>
  assignment === TENANT_ASSIGNMENT ? 'Current (used by the screens)' : (assignment ?? '—');

/**
 * A council's config documents (issue 16 point 2): label (opens the editor), type, tags,
 * assignment, store, version, last change and by whom; Delete (asked first) or, for a deleted
 * one, Restore.
 */
export function ConfigDocumentTable({
  documents,
  editorPath,
  showType,
  caption,
}: {
  documents: ConfigDocumentListItem[];
  editorPath: string;
  showType: boolean;
  caption: string;
}) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: configQueryKeys.all });
  const remove = useMutation({
    mutationFn: (id: string) => deleteConfigDocument(id),
    onSuccess: async () => {
      await refresh();
      void message.success('Config deleted');
    },
    onError: (error) => void message.error(messageOf(error)),
  });
  const restore = useMutation({
    mutationFn: (id: string) => restoreConfigDocument(id),
    onSuccess: async () => {
      await refresh();
      void message.success('Config restored');
    },
    onError: (error) => void message.error(messageOf(error)),
  });

  const handleDelete = (document: ConfigDocumentListItem) =>
    modal.confirm({
      title: `Delete ${document.label}?`,
      content:
        document.assignment === TENANT_ASSIGNMENT
          ? `The council's screens use this config: they fall back to the ${configTypes[document.type]} default until another is assigned. You can restore it later.`
          : 'You can restore it later from the deleted configs.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      width: 360,
      onOk: () => remove.mutateAsync(document.id),
    });

  return (
    <Table<ConfigDocumentListItem>
      rowKey="id"
      size="middle"
      dataSource={documents}
      pagination={documents.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      caption={<span className="visually-hidden">{caption}</span>}
      rowClassName={(document) => (document.deletedAt ? 'config-table__row--deleted' : '')}
      columns={[
        {
          title: 'Label',
          key: 'label',
          render: (_, document) =>
            document.deletedAt ? (
              <Typography.Text delete>{document.label}</Typography.Text>
            ) : (
              <Link to={`${editorPath}/${document.id}`}>{document.label}</Link>
            ),
        },
        ...(showType
          ? [{ title: 'Type', key: 'type', render: (_: unknown, d: ConfigDocumentListItem) => d.typeLabel }]
          : []),
        {
          title: 'Tags',
          key: 'tags',
          render: (_, document) =>
            document.tags.length === 0 ? (
              '—'
            ) : (
              <Space size={[0, 4]} wrap>
                {document.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </Space>
            ),
        },
        { title: 'Assignment', key: 'assignment', render: (_, d) => assignmentLabel(d.assignment) },
        { title: 'Store', key: 'store', render: (_, d) => configStores[d.store] },
        { title: 'Version', dataIndex: 'version', key: 'version' },
        {
          title: 'Updated',
          key: 'updated',
          render: (_, document) =>
            document.deletedAt ? (
              <>Deleted {when(document.deletedAt)}</>
            ) : (
              <>
                {when(document.updatedAt)}
                {document.updatedBy && (
                  <Typography.Text type="secondary" className="config-table__by">
                    by {document.updatedBy}
                  </Typography.Text>
                )}
              </>
            ),
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, document) =>
            document.deletedAt ? (
              <Button
                size="small"
                onClick={() => restore.mutate(document.id)}
                loading={restore.isPending && restore.variables === document.id}
                aria-label={`Restore ${document.label}`}
              >
                Restore
              </Button>
            ) : (
              <Button
                size="small"
                danger
                onClick={() => handleDelete(document)}
                aria-label={`Delete ${document.label}`}
              >
                Delete
              </Button>
            ),
        },
      ]}
    />
  );
}
