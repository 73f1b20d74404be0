import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Empty, Spin } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { featureAccess, SITE_IDS_MAX, type SearchFilter, type SiteCardConfig } from '@planning/shared';
import { Permitted } from '../../../platform/access/Permitted';
import { requestFailureMessage } from '../../../platform/notices/errorNotice';
import { fetchMatchingIds, sitesMessages } from '../../../shared/sites/api';
import { pagesFor, resultsText } from '../../../shared/sites/resultPages';
import { useResultPages } from '../useResultPages';
import { cardAttributes } from '../../../shared/sites/resultPages';
import { AddToListModal } from '../lists/AddToListModal';
import { BulkActions } from './BulkActions';
import { NewSiteCard } from './NewSiteCard';
import { SiteCard } from './SiteCard';

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
  /** A site drawn just now: shown at the top whether or not the search matches it. */
  newSite?: { id: string; name: string } | null;
  onCloseNewSite?: () => void;
};

/**
 * The results column: header with count, selection and export, then the cards. The first page
 * shows at once, then every matching id (spec 01 §4: loading continues until all are in); a
 * card's data is fetched only when its page of the list is shown or near (issue 25).
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
  newSite,
  onCloseNewSite,
}: ResultsListProps) {
  const attributes = useMemo(() => cardAttributes(config), [config]);
  const search = useMemo(() => ({ filters, scenario, attributes }), [filters, scenario, attributes]);
  const scroller = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<{ pages: number[]; scrolling: boolean }>({
    pages: [0],
    scrolling: false,
  });
  const results = useResultPages(search, shown.pages, shown.scrolling);
  const { total, isFetching, error } = results;

  const [selected, setSelected] = useState<Set<string>>(new Set());
  /** A card's checkbox: the site joins or leaves the selection. */
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const [busy, setBusy] = useState(false);
  const [listing, setListing] = useState<string | null>(null);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer keeps its own state; nothing here is memoised from it
  const virtualizer = useVirtualizer({
    count: results.count,
    getScrollElement: () => scroller.current,
    estimateSize: () => cardHeight(config.elements.length),
    overscan: 4,
    gap: 8,
  });
  const items = virtualizer.getVirtualItems();
  // Card data is fetched for the pages of the cards shown (and near), once a scroll settles.
  const pagesKey = pagesFor(
    items.map((item) => item.index),
    results.count,
  ).join(',');
  const scrolling = virtualizer.isScrolling;
  useEffect(() => {
    setShown((current) => {
      const pages = pagesKey ? pagesKey.split(',').map(Number) : [0];
      return current.pages.join(',') === pagesKey && current.scrolling === scrolling
        ? current
        : { pages, scrolling };
    });
  }, [pagesKey, scrolling]);

  const allIds = async () => results.ids ?? (await fetchMatchingIds(filters, scenario)).ids;
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
          {results.first.isPending && !error
            ? 'Searching…'
            : error
              ? requestFailureMessage(error, sitesMessages.searchFailed)
              : resultsText(results.known, total)}
        </p>
        <div className="site-results__tools">
          {error && (
            <Button
              size="small"
              icon={<ReloadOutlined aria-hidden />}
              onClick={results.retry}
              loading={isFetching}
            >
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
      {newSite && (
        <NewSiteCard
          site={newSite}
          filters={filters}
          scenario={scenario}
          attributes={attributes}
          config={config}
          scenarios={scenarios}
          selected={selected.has(newSite.id)}
          onSelect={(on) => select(newSite.id, on)}
          onShowOnMap={() => onShowOnMap(newSite.id)}
          onAddToList={() => setListing(newSite.id)}
          onClose={() => onCloseNewSite?.()}
        />
      )}
      <div ref={scroller} className="site-results__list" tabIndex={-1}>
        {results.first.isPending ? (
          !error && <Spin className="site-results__spin" />
        ) : results.count === 0 ? (
          // The header says 'No sites found' (once); here, what to do about it. A failed search is
          // told in the header, never as 'No sites found'.
          !error && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="Try fewer filters, or Reset to see every site."
            />
          )
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const site = results.siteAt(item.index);
              if (!site)
                return (
                  <div
                    key={`pending-${item.index}`}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    className="site-results__item site-results__pending"
                    style={{
                      transform: `translateY(${item.start}px)`,
                      height: cardHeight(config.elements.length),
                    }}
                    aria-busy="true"
                  />
                );
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
                    onSelect={(on) => select(site.id, on)}
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
