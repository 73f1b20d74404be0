import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, List, Modal, Spin } from 'antd';
import { documentMessages } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { builderQueryKeys, fetchTemplates } from '../api';

type Kind = 'document' | 'block';

/** The saved templates of a kind, searchable by name (spec 02 §2), empty text as the spec words it. */
export function TemplateList({
  kind,
  onPick,
  pickLabel,
  busyId,
  disabled,
}: {
  kind: Kind;
  onPick: (id: string) => void;
  pickLabel: string;
  busyId?: string | null;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const templates = useQuery({
    queryKey: builderQueryKeys.templates(kind, search),
    queryFn: ({ signal }) => fetchTemplates(kind, search, signal),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="builder-templates">
      <Input.Search
        aria-label={`Search ${kind} templates`}
        placeholder="Search templates"
        allowClear
        onChange={(event) => setSearch(event.target.value)}
        style={{ marginBottom: 12 }}
      />
      {templates.isPending ? (
        <Spin />
      ) : templates.isError ? (
        <Alert
          type="error"
          role="alert"
          title={
            templates.error instanceof ApiError ? templates.error.message : 'Failed to load the templates'
          }
        />
      ) : templates.data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={search.trim() ? 'No templates match your search' : documentMessages.noTemplates}
        />
      ) : (
        <List
          aria-label={`${kind === 'document' ? 'Document' : 'Block'} templates`}
          dataSource={templates.data}
          renderItem={(template) => (
            <List.Item
              actions={[
                <Button
                  key="use"
                  size="small"
                  disabled={disabled}
                  loading={busyId === template.id}
                  aria-label={`${pickLabel}: ${template.name}`}
                  onClick={() => onPick(template.id)}
                >
                  {pickLabel}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={template.name}
                description={`${template.createdBy?.name ?? 'Unknown'} · ${new Date(template.updatedAt).toLocaleDateString('en-GB')}`}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

export function TemplatePicker({
  open,
  kind,
  onClose,
  onPick,
}: {
  open: boolean;
  kind: Kind;
  onClose: () => void;
  onPick: (id: string) => Promise<void>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open={open} title="Insert a block template" footer={null} onCancel={onClose} destroyOnHidden>
      <TemplateList
        kind={kind}
        pickLabel="Insert"
        busyId={busy}
        onPick={(id) => {
          setBusy(id);
          setError(null);
          onPick(id)
            .catch((cause: unknown) =>
              setError(cause instanceof ApiError ? cause.message : 'Failed to insert'),
            )
            .finally(() => setBusy(null));
        }}
      />
      {error && <Alert type="error" role="alert" title={error} />}
    </Modal>
  );
}
