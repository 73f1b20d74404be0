import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, List, Modal, Tag } from 'antd';
import { responseManagerMessages, type ConsultationResponse } from '@planning/shared';
import { fetchTemplates, responseQueryKeys } from '../api';
import { errorText, excerptOf } from '../format';

type TemplatePickerProps = {
  disabled?: boolean;
  onPick: (template: ConsultationResponse) => void;
};

/** 'Use template': the council's response templates, searched as you type; one fills the form. */
export function TemplatePicker({ disabled = false, onPick }: TemplatePickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const templates = useQuery({
    queryKey: responseQueryKeys.templates(deferred.trim()),
    queryFn: ({ signal }) => fetchTemplates(deferred, signal),
    enabled: open,
    placeholderData: (previous) => previous,
  });

  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        Use template
      </Button>
      <Modal
        open={open}
        title="Use template"
        footer={null}
        width={640}
        onCancel={() => setOpen(false)}
        afterClose={() => setSearch('')}
        destroyOnHidden
      >
        <Input.Search
          aria-label="Search templates"
          placeholder="Search templates"
          allowClear
          value={search}
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
        />
        {templates.isError ? (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            role="alert"
            title={errorText(templates.error, 'Failed to load the templates')}
          />
        ) : (
          <List<ConsultationResponse>
            className="response-templates"
            loading={templates.isPending}
            dataSource={templates.data ?? []}
            locale={{ emptyText: responseManagerMessages.noTemplates }}
            renderItem={(template) => (
              <List.Item
                actions={[
                  <Button
                    key="use"
                    type="primary"
                    size="small"
                    aria-label={`Use template ${template.description}`}
                    onClick={() => {
                      onPick(template);
                      setOpen(false);
                    }}
                  >
                    Use
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={template.description}
                  description={
                    <>
                      {template.target && <Tag>{template.target}</Tag>}
                      {excerptOf(template.text)}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}
