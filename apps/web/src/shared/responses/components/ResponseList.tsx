import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, List, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  representationMessages as m,
  responseManagerMessages,
  type ConsultationResponse,
} from '@planning/shared';
import { Permitted } from '../../../platform/access/Permitted';
import { useAccess } from '../../../platform/session/hooks';
import { fetchResponses, responseQueryKeys, restoreResponse, type ResponseTarget } from '../api';
import { errorText, excerptOf, formatDateTime } from '../format';
import { DELETE, WRITE } from './ResponseForm';

type ResponseListProps = {
  target: ResponseTarget;
  /** The response being edited; 'new' while a new one is written. */
  selected: string | 'new' | null;
  onSelect: (response: ConsultationResponse) => void;
  onCreateNew: () => void;
  showDeleted: boolean;
  onShowDeletedChange: (show: boolean) => void;
};

/**
 * The target's responses: choose one to edit or 'Create new'; with 'Show deleted', the deleted
 * ones too, each with Restore.
 */
export function ResponseList({
  target,
  selected,
  onSelect,
  onCreateNew,
  showDeleted,
  onShowDeletedChange,
}: ResponseListProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { permitted: canWrite } = useAccess(WRITE);
  const open = canWrite ? 'Edit' : 'View';
  const responses = useQuery({
    queryKey: responseQueryKeys.list(target, showDeleted),
    queryFn: ({ signal }) => fetchResponses(target, showDeleted, signal),
  });
  const restore = useMutation({
    mutationFn: (id: string) => restoreResponse(id),
    onSuccess: () => {
      void message.success(m.succeeded('response restored'));
      void queryClient.invalidateQueries({ queryKey: responseQueryKeys.all });
    },
  });

  return (
    <div className="response-list">
      <div className="response-list__bar">
        <Permitted needs={WRITE}>
          <Button
            icon={<PlusOutlined />}
            type={selected === 'new' ? 'primary' : 'default'}
            onClick={onCreateNew}
          >
            Create new
          </Button>
        </Permitted>
        <label className="response-list__deleted">
          <Switch size="small" checked={showDeleted} onChange={onShowDeletedChange} /> Show deleted
        </label>
      </div>
      {restore.isError && (
        <Alert type="error" role="alert" title={errorText(restore.error, 'Failed to restore the response')} />
      )}
      {responses.isError ? (
        <Alert type="error" role="alert" title={errorText(responses.error, 'Failed to load the responses')} />
      ) : (
        <List<ConsultationResponse>
          loading={responses.isPending}
          dataSource={responses.data ?? []}
          locale={{ emptyText: responseManagerMessages.noResponses }}
          renderItem={(response) => (
            <List.Item
              className={`response-list__item${response.id === selected ? ' is-selected' : ''}${response.deleted ? ' is-deleted' : ''}`}
              actions={
                response.deleted
                  ? [
                      <Permitted key="restore" needs={DELETE}>
                        <Button
                          size="small"
                          loading={restore.isPending && restore.variables === response.id}
                          aria-label={`Restore ${response.description}`}
                          onClick={() => restore.mutate(response.id)}
                        >
                          Restore
                        </Button>
                      </Permitted>,
                    ]
                  : [
                      <Button
                        key="edit"
                        size="small"
                        type={response.id === selected ? 'primary' : 'default'}
                        aria-label={`${open} ${response.description}`}
                        aria-pressed={response.id === selected}
                        onClick={() => onSelect(response)}
                      >
                        {open}
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <span className="response-list__title">
                    <span className="response-list__name">{response.description}</span>
                    {response.useAsTemplate && <Tag color="blue">Template</Tag>}
                    {response.deleted && <Tag>Deleted</Tag>}
                  </span>
                }
                description={
                  <>
                    <div className="response-list__excerpt">{excerptOf(response.text)}</div>
                    <div className="response-list__meta">
                      {response.createdByName || 'Unknown'} · {formatDateTime(response.updatedAt)}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
