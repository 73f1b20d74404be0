import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented, Spin, Tag } from 'antd';
import { emptyHistoryText, historyFilters, type HistoryItem } from '@planning/shared';
import { fetchTimeline, siteQueryKeys } from './api';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

function describe(item: HistoryItem) {
  if (item.type === 'EDIT' && item.edit) {
    return (
      <>
        <strong>{item.edit.label}</strong> changed from <q>{item.edit.old}</q> to <q>{item.edit.new}</q>
        {item.content && <> ({item.content})</>}
        {item.override_reason && (
          <div className="history-item__reason">Reason for the override: {item.override_reason}</div>
        )}
      </>
    );
  }
  if (item.type === 'FILE')
    return (
      <>{`${item.action_type === 'UPLOAD' ? 'Uploaded' : item.action_type === 'DELETE' ? 'Deleted' : 'File'}: ${item.file_name ?? ''}`}</>
    );
  return <span className="history-item__note">{item.content}</span>;
}

/** Spec 01 §4 history with its filter (None, File, Note, Edit), newest first, 20 at a time. */
export function HistoryPanel({ siteId }: { siteId: string }) {
  const [filter, setFilter] = useState<(typeof historyFilters)[number]>(historyFilters[0]);
  const query = useInfiniteQuery({
    queryKey: siteQueryKeys.timeline(siteId, filter.type),
    queryFn: ({ pageParam, signal }) => fetchTimeline(siteId, filter.type, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="history-panel" aria-label="History">
      <div className="history-panel__filter">
        <span id="history-filter-label">Show</span>
        <Segmented
          aria-labelledby="history-filter-label"
          size="small"
          value={filter.label}
          options={historyFilters.map((option) => option.label)}
          onChange={(label) => setFilter(historyFilters.find((option) => option.label === label)!)}
        />
      </div>
      {query.isPending ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyHistoryText(filter.nothing)} />
      ) : (
        <ol className="history-list">
          {items.map((item) => (
            <li key={item.id} className="history-item" data-type={item.type}>
              <div className="history-item__meta">
                <Tag>{item.type === 'EDIT' ? 'Edit' : item.type === 'NOTE' ? 'Note' : 'File'}</Tag>
                <span>{item.user_name}</span>
                <time dateTime={item.date}>{when(item.date)}</time>
              </div>
              <div className="history-item__body">{describe(item)}</div>
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <Button size="small" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          Show older
        </Button>
      )}
    </section>
  );
}
