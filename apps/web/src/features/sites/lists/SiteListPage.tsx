import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { listNameSchema, siteListMessages } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { Permitted } from '../../../platform/access/Permitted';
import { SiteTablePage } from '../pages/SiteTablePage';
import { useAccess } from '../../../platform/session/hooks';
import { deleteSiteList, fetchSiteList, listQueryKeys, removeSitesFromList, renameSiteList } from './api';

const deleteGrant = [{ unit: 'site-lists', action: 'delete' }] as const;
const writeGrant = [{ unit: 'site-lists', action: 'write' }] as const;

/** /list/{id}: a site list's sites as a paged grid with /table's columns, and the list's own actions. */
export function SiteListPage() {
  const { listId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const list = useQuery({
    queryKey: listQueryKeys.one(listId),
    queryFn: ({ signal }) => fetchSiteList(listId, signal),
  });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: listQueryKeys.all });
  const canEdit = useAccess(writeGrant).permitted;
  const removeSites = useMutation({
    mutationFn: ({ ids }: { ids: string[]; done: () => void }) => removeSitesFromList(listId, ids),
    onSuccess: (answer, { done }) => {
      void message.success(
        `${answer.changed.toLocaleString('en-GB')} ${answer.changed === 1 ? 'site' : 'sites'} removed from the list`,
      );
      done();
      void refresh();
      void client.invalidateQueries({ queryKey: ['search', 'table'] });
    },
    onError: (error) =>
      void message.error(`${error instanceof ApiError ? error.message : 'Request failed'}!`),
  });
  const rename = useMutation({
    mutationFn: (name: string) => renameSiteList(listId, name),
    onSuccess: () => {
      setRenaming(null);
      void refresh();
    },
    onError: (error) => setRenameError(error instanceof ApiError ? error.message : 'Request failed'),
  });
  const remove = useMutation({
    mutationFn: () => deleteSiteList(listId),
    onSuccess: () => {
      void refresh();
      void message.success('List deleted');
      void navigate('/map');
    },
    onError: (error) =>
      void message.error(`${error instanceof ApiError ? error.message : 'Request failed'}!`),
  });

  if (list.isPending) return <Spin fullscreen tip="Loading the list" />;
  if (list.isError) {
    return (
      <main className="site-table">
        <Alert
          type="error"
          showIcon
          message="Failed to load the site list"
          description={list.error instanceof ApiError ? list.error.message : undefined}
        />
      </main>
    );
  }
  const header = (
    <div className="site-list__header">
      <h1 className="page__title">{list.data.listName}</h1>
      <Space>
        <Button
          size="small"
          disabled={list.data.siteCount === 0}
          onClick={() => void navigate(`/data-export?listId=${listId}`, { state: { listId } })}
        >
          Export
        </Button>
        <Permitted needs={writeGrant}>
          <Button size="small" onClick={() => setRenaming(list.data.listName)}>
            Rename
          </Button>
        </Permitted>
        <Permitted needs={deleteGrant}>
          <Button size="small" danger onClick={() => setDeleting(true)}>
            Delete list
          </Button>
        </Permitted>
      </Space>
    </div>
  );
  return (
    <>
      <SiteTablePage
        key={listId}
        list={{
          id: listId,
          scenarioName: list.data.scenarioName,
          header,
          selectionActions: canEdit
            ? (selected, clearSelection) => (
                <Button
                  size="small"
                  disabled={selected.length === 0}
                  loading={removeSites.isPending}
                  onClick={() => removeSites.mutate({ ids: selected, done: clearSelection })}
                >
                  Remove from list
                </Button>
              )
            : undefined,
        }}
      />
      <Modal
        open={renaming !== null}
        title="Rename list"
        okText="Rename"
        okButtonProps={{ loading: rename.isPending }}
        onOk={() => {
          const parsed = listNameSchema.safeParse(renaming ?? '');
          if (!parsed.success)
            setRenameError(parsed.error.issues[0]?.message ?? siteListMessages.nameRequired);
          else rename.mutate(parsed.data);
        }}
        onCancel={() => setRenaming(null)}
        destroyOnHidden
      >
        <Input
          aria-label="List name"
          value={renaming ?? ''}
          onChange={(event) => {
            setRenaming(event.target.value);
            setRenameError(null);
          }}
          maxLength={100}
        />
        {renameError && (
          <Typography.Text type="danger" role="alert">
            {renameError}
          </Typography.Text>
        )}
      </Modal>
      <Modal
        open={deleting}
        title={`Delete ${list.data.listName}?`}
        okText="Delete list"
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onOk={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
      >
        <p>The list goes; its sites stay.</p>
      </Modal>
    </>
  );
}
