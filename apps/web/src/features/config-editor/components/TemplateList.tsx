import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Table, Typography } from 'antd';
import { configQueryKeys, deleteConfigTemplate, fetchConfigTemplates, type ConfigTemplate } from '../api';
import { when } from './ConfigDocumentTable';
import { messageOf } from './ErrorScreens';

/**
 * The council's config templates (spec 03 §3.4): name, type, who made it and when; Delete (asked
 * first). New configs can start from them; a config's editor saves new ones.
 */
export function TemplateList() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const templates = useQuery({
    queryKey: configQueryKeys.templates,
    queryFn: ({ signal }) => fetchConfigTemplates(signal),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteConfigTemplate(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configQueryKeys.templates });
      void message.success('Template deleted');
    },
    onError: (error) => void message.error(messageOf(error)),
  });

  const handleDelete = (template: ConfigTemplate) =>
    modal.confirm({
      title: `Delete the template ${template.name}?`,
      content: 'Configs made from it keep their documents.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      width: 360,
      onOk: () => remove.mutateAsync(template.id),
    });

  return (
    <section className="config-templates" aria-labelledby="config-templates-heading">
      <h2 id="config-templates-heading" className="config-list__heading">
        Templates
      </h2>
      {templates.isError ? (
        <Alert
          type="error"
          showIcon
          title={messageOf(templates.error)}
          action={<Button onClick={() => void templates.refetch()}>Try again</Button>}
        />
      ) : templates.data && templates.data.length === 0 ? (
        <Typography.Paragraph type="secondary">
          No templates yet. Open a config and choose Save as template: new configs of its type can then start
          from it.
        </Typography.Paragraph>
      ) : (
        <Table<ConfigTemplate>
          rowKey="id"
          size="small"
          loading={templates.isPending}
          dataSource={templates.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          caption={<span className="visually-hidden">Config templates</span>}
          columns={[
            { title: 'Name', dataIndex: 'name', key: 'name' },
            { title: 'Type', dataIndex: 'typeLabel', key: 'type' },
            {
              title: 'Created',
              key: 'created',
              render: (_, template) =>
                `${when(template.createdAt)}${template.createdBy ? ` by ${template.createdBy}` : ''}`,
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, template) => (
                <Button
                  size="small"
                  danger
                  onClick={() => handleDelete(template)}
                  aria-label={`Delete the template ${template.name}`}
                >
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
