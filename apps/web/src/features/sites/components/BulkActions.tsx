import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Input, Modal, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import {
  bulkDeleteAnswerSchema,
  bulkTagAnswerSchema,
  siteMessages,
  tagNameSchema,
  type SiteTagItem,
} from '@planning/shared';
import { api, ApiError } from '../../../api/client';
import { AddToListModal } from '../lists/AddToListModal';

type Action = 'add-to-list' | 'add-tag' | 'delete' | null;
type ResultPage = { sites: Array<{ id: string; site_tags: SiteTagItem[] }>; total: number };

/**
 * The loaded result pages (and the list's ids) changed in place: only the pages shown are
 * cached, but refetching would still flash them to show one tag. Tiles and totals ask again.
 */
function updateLoadedResults(
  client: QueryClient,
  change: (page: ResultPage) => ResultPage,
  changeIds: (ids: string[]) => string[] = (ids) => ids,
) {
  client.setQueriesData<ResultPage | string[]>({ queryKey: ['search', 'results'] }, (old) =>
    Array.isArray(old) ? changeIds(old) : old?.sites ? change(old) : old,
  );
}

/**
 * Spec 01 §2 bulk actions on the selected sites: Add to list, Add tag, Delete (typed DELETE).
 * Deleted sites leave the results and the selection clears (spec 01 §4).
 */
export function BulkActions({
  selected,
  onDone,
}: {
  selected: string[];
  onDone: (what: 'deleted' | 'changed') => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [action, setAction] = useState<Action>(null);
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const close = () => {
    setAction(null);
    setTag('');
    setTagError(null);
    setTyped('');
  };
  const ids = selected.map(Number);
  const failed = (error: unknown, fallback: string) =>
    void message.error(`${error instanceof ApiError ? error.message : fallback}!`);
  const tagger = useMutation({
    mutationFn: (name: string) => api.post('/tag/bulk', bulkTagAnswerSchema, { ids, tag: name }),
    onSuccess: (answer) => {
      void message.success(
        `Tag ${answer.tag.name} added to ${selected.length.toLocaleString('en-GB')} sites`,
      );
      const tagged = new Set(selected);
      updateLoadedResults(client, (page) => ({
        ...page,
        sites: page.sites.map((site) =>
          tagged.has(site.id) && !site.site_tags.some((tag) => tag.id === answer.tag.id)
            ? {
                ...site,
                site_tags: [...site.site_tags, answer.tag].sort((a, b) => a.name.localeCompare(b.name)),
              }
            : site,
        ),
      }));
      void client.invalidateQueries({
        queryKey: ['search'],
        predicate: (query) => query.queryKey[1] !== 'results',
      });
      void client.invalidateQueries({ queryKey: ['tags'] });
      close();
      onDone('changed');
    },
    onError: (error) => failed(error, 'Failed to update tags for sites'),
  });
  const remover = useMutation({
    mutationFn: () => api.deleteWithBody('/site', bulkDeleteAnswerSchema, { ids }),
    onSuccess: (answer) => {
      void message.success(`${answer.deleted.toLocaleString('en-GB')} sites deleted`);
      // Spec 01 §4: the deleted sites leave the list (and the count) at once.
      const gone = new Set(selected);
      updateLoadedResults(
        client,
        (page) => ({
          ...page,
          sites: page.sites.filter((site) => !gone.has(site.id)),
          total: Math.max(0, page.total - answer.deleted),
        }),
        (ids) => ids.filter((id) => !gone.has(id)),
      );
      // Positions moved up: the pages shown are fetched again (a page each) to fill the gaps.
      void client.invalidateQueries({
        queryKey: ['search'],
        predicate: (query) => query.queryKey[1] !== 'results' || query.queryKey.at(-1) !== 0,
      });
      close();
      onDone('deleted');
    },
    onError: (error) => failed(error, 'Request failed'),
  });
  const submitTag = () => {
    const parsed = tagNameSchema.safeParse(tag);
    if (!parsed.success) setTagError(parsed.error.issues[0]?.message ?? 'Enter a tag');
    else tagger.mutate(parsed.data);
  };
  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={selected.length === 0}
        menu={{
          items: [
            { key: 'add-to-list', label: 'Add to list' },
            { key: 'add-tag', label: 'Add tag' },
            { key: 'delete', label: 'Delete', danger: true },
          ],
          onClick: ({ key }) => setAction(key as Action),
        }}
      >
        <Button size="small">
          Bulk actions <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      <AddToListModal open={action === 'add-to-list'} siteIds={selected} onClose={close} />
      <Modal
        open={action === 'add-tag'}
        title={`Add a tag to ${selected.length.toLocaleString('en-GB')} sites`}
        okText="Add tag"
        okButtonProps={{ disabled: tag.trim() === '', loading: tagger.isPending }}
        onOk={submitTag}
        onCancel={close}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="Tag"
          placeholder="e.g. flood zone 2"
          value={tag}
          onChange={(event) => {
            setTag(event.target.value);
            setTagError(null);
          }}
          onPressEnter={submitTag}
          status={tagError ? 'error' : undefined}
        />
        {tagError && (
          <Typography.Text type="danger" role="alert">
            {tagError}
          </Typography.Text>
        )}
      </Modal>
      <Modal
        open={action === 'delete'}
        title={`Delete ${selected.length.toLocaleString('en-GB')} sites?`}
        okText="Delete"
        okButtonProps={{
          danger: true,
          disabled: typed !== siteMessages.typeDelete,
          loading: remover.isPending,
        }}
        onOk={() => remover.mutate()}
        onCancel={close}
        destroyOnHidden
      >
        <p>
          They leave the search, the map and every list. Type <strong>{siteMessages.typeDelete}</strong> to
          confirm.
        </p>
        <Input
          autoFocus
          aria-label={`Type ${siteMessages.typeDelete} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </Modal>
    </>
  );
}
