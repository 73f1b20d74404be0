import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Empty, Spin } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { featureAccess, SITE_IDS_MAX, type SearchFilter, type SiteCardConfig } from '@planning/shared';
import { Permitted } from '../../../platform/access/Permitted';
import { requestFailureMessage } from '../../../platform/notices/errorNotice';
import { fetchMatchingIds, searchSites, sitesMessages, sitesQueryKeys } from '../../../shared/sites/api';
import { FIRST_PAGE, nextPageStart, pageLimit, resultsText } from '../../../shared/sites/resultPages';
import { AddToListModal } from '../lists/AddToListModal';
import { BulkActions } from './BulkActions';
import { SiteCard, type ResultSite } from './SiteCard';

/** Spec 01 §9: a card is 25 px per field plus about 84.5 and 3.75. */
export function cardHeight(fields: number): number {
  return Math.round(25 * fields + 84.5 + 3.75);
}

type ResultsListProps = {
  filters: SearchFilter[];
  scenario: string | undefined;
  config: SiteCardConfig;
  /** The council's scenarios when the scenarios feature is on, else null. */
  scenarios: string[] | null;
  onShowOnMap: (id: string) => void;
  /**
   * 'Export search results': the chosen or matching ids, or, when more match than ids may be
   * listed (SITE_IDS_MAX), the search itself for the export to run again.
   */
  onExport: (what: { siteIds: string[] } | { filters: SearchFilter[]; total: number }) => void;
  /** Sites were deleted in bulk: the map draws its tiles again. */
  onSitesDeleted?: () => void;
};

/**
 * The results column: header with count, selection and export, then the cards. The first page
 * shows at once and the rest load behind it until every matching site is in (spec 01 §4).
 * Mounted anew for each search (keyed by it), so a new search starts with nothing selected and
 * the old search's loading stops with the old list.
 */
export function ResultsList({
  filters,
  scenario,
  config,
  scenarios,
  onShowOnMap,
  onExport,
  onSitesDeleted,
}: ResultsListProps) {
  const attributes = useMemo(
    () => [...new Set(['site_name', ...config.elements.map((element) => element.dbPropertyName)])],
    [config],
  );
  const search = { filters, scenario, attributes };
  const results = useInfiniteQuery({
    queryKey: sitesQueryKeys.results(search),
    queryFn: ({ pageParam, signal }) =>
      searchSites(
        { filters, scenario, attributes, limit: pageLimit(pageParam), after: pageParam.after },
        signal,
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (_last, pages) => nextPageStart(pages),
    // A whole result (20,000 sites) is kept only briefly once the user has searched again.
    gcTime: 30_000,
  });
  const sites = useMemo(
    () => (results.data?.pages.flatMap((page) => page.sites) ?? []) as ResultSite[],
    [results.data],
  );
  const total = results.data?.pages[0]?.total ?? 0;

  // Spec 01 §4: loading continues until every matching site is in, then success. One page at a
  // time; a failure stops it until the user tries again.
  const { hasNextPage, isFetching, isError, fetchNextPage } = results;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  const retry = () => void (results.data ? fetchNextPage() : results.refetch());

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [listing, setListing] = useState<string | null>(null);

  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer keeps its own state; nothing here is memoised from it
  const virtualizer = useVirtualizer({
    count: sites.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => cardHeight(config.elements.length),
    overscan: 4,
    gap: 8,
  });
  const items = virtualizer.getVirtualItems();

  const allIds = async () => (await fetchMatchingIds(filters, scenario)).ids;
  const selectAll = async (checked: boolean) => {
    if (!checked) return setSelected(new Set());
    setBusy(true);
    try {
      setSelected(new Set(await allIds()));
    } finally {
      setBusy(false);
    }
  };
  const exportResults = async () => {
    setBusy(true);
    try {
      if (selected.size > 0) onExport({ siteIds: [...selected] });
      else if (total > SITE_IDS_MAX) onExport({ filters, total });
      else onExport({ siteIds: await allIds() });
    } finally {
      setBusy(false);
    }
  };

  const allSelected = total > 0 && selected.size >= total;
  return (
    <section className="site-results" aria-label="Search results">
      <AddToListModal
        open={listing !== null}
        siteIds={listing ? [listing] : []}
        onClose={() => setListing(null)}
      />
      <div className="site-results__header">
        {/* Busy while pages load: a screen reader hears the count once, not after every page. */}
        <p className="site-results__count" role="status" aria-live="polite" aria-busy={isFetching}>
          {results.isPending
            ? 'Searching…'
            : isError
              ? requestFailureMessage(results.error, sitesMessages.searchFailed)
              : resultsText(sites.length, total)}
        </p>
        <div className="site-results__tools">
          {isError && (
            <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={retry} loading={isFetching}>
              Try again
            </Button>
          )}
          <Permitted needs={featureAccess.bulkSiteActions}>
            <Checkbox
              checked={allSelected}
              indeterminate={selected.size > 0 && !allSelected}
              disabled={total === 0 || busy}
              onChange={(event) => void selectAll(event.target.checked)}
            >
              {selected.size > 0 ? `${selected.size.toLocaleString('en-GB')} selected` : 'Select all'}
            </Checkbox>
          </Permitted>
          <Permitted needs={featureAccess.bulkSiteActions}>
            <BulkActions
              selected={[...selected]}
              onDone={(what) => {
                setSelected(new Set());
                if (what === 'deleted') onSitesDeleted?.();
              }}
            />
          </Permitted>
          <Button
            size="small"
            icon={<ExportOutlined aria-hidden />}
            disabled={total === 0}
            loading={busy}
            onClick={() => void exportResults()}
          >
            Export search results
          </Button>
        </div>
      </div>
      <div ref={scroller} className="site-results__list" tabIndex={-1}>
        {results.isPending ? (
          <Spin className="site-results__spin" />
        ) : sites.length === 0 ? (
          // The header says 'No sites found' (once); here, what to do about it. A failed search is
          // told in the header, never as 'No sites found'.
          !isError && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="Try fewer filters, or Reset to see every site."
            />
          )
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const site = sites[item.index]!;
              return (
                <div
                  key={site.id}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className="site-results__item"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <SiteCard
                    site={site}
                    config={config}
                    scenarios={scenarios}
                    selected={selected.has(site.id)}
                    onSelect={(on) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (on) next.add(site.id);
                        else next.delete(site.id);
                        return next;
                      })
                    }
                    onShowOnMap={() => onShowOnMap(site.id)}
                    onAddToList={() => setListing(site.id)}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}
