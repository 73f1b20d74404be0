import { useMemo } from 'react';
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchMatchingIds, searchSites, sitesQueryKeys } from '../../shared/sites/api';
import type { ResultSite } from './components/SiteCard';
import {
  RESULT_PAGE,
  firstPageBody,
  pageRequest,
  sitesKnown,
  wantsIds,
  type ListSearch as Search,
} from '../../shared/sites/resultPages';

type Page = { sites: ResultSite[]; total: number };

/** The query keys of one search's list: its pages and its ids (BulkActions edits them in place). */
export const resultKeys = {
  page: (search: Search, page: number) => [...sitesQueryKeys.results(search), 'page', page] as const,
  ids: (search: Search) => [...sitesQueryKeys.results(search), 'ids'] as const,
};

/** The list's first page (its cards and the total): one query, wherever it is started from. */
const firstPageQuery = (search: Search) => ({
  queryKey: resultKeys.page(search, 0),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    searchSites(firstPageBody(search), signal) as Promise<Page>,
});

/** Every matching id. Above SITE_IDS_MAX it is refused, and the list pages by offset instead. */
const idsQuery = (search: Search) => ({
  queryKey: resultKeys.ids(search),
  queryFn: async () => (await fetchMatchingIds(search.filters, search.scenario)).ids,
  retry: false,
});

/**
 * Starts the list's first page and ids as soon as the page knows its search (issue 25 point 7: the
 * list mounted ~0.3 s later, once the map and filters had rendered). Only a search never asked
 * before: one that failed is the list's to show and to try again, not this render's to repeat.
 */
export function startResultPages(client: QueryClient, search: Search): void {
  for (const query of [firstPageQuery(search), idsQuery(search)] as const) {
    if (client.getQueryState(query.queryKey) === undefined)
      void client.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
  }
}

/**
 * One search's results list: the first page (its cards and the total), then every matching id,
 * and the cards of the pages asked for (those shown or near). `siteAt(i)` is the card at a
 * position, or undefined while its page loads.
 */
export function useResultPages(search: Search, shownPages: readonly number[], scrolling: boolean) {
  const first = useQuery(firstPageQuery(search));
  const total = first.data?.total ?? 0;
  // Asked for beside the first page, not after it: the list is complete one round trip sooner.
  const ids = useQuery(idsQuery(search));
  const idList = first.data && wantsIds(total) ? ids.data : undefined;
  const pages = useQueries({
    queries: shownPages
      .filter((page) => page > 0)
      .map((page) => ({
        queryKey: resultKeys.page(search, page),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          searchSites({ ...search, ...pageRequest(page, idList) }, signal) as Promise<Page>,
        // Pages flown past while scrolling are not asked for; the cached ones still show.
        enabled: first.isSuccess && !scrolling,
      })),
  });
  const loaded = useMemo(() => {
    const byPage = new Map<number, ResultSite[]>();
    if (first.data) byPage.set(0, first.data.sites);
    shownPages
      .filter((page) => page > 0)
      .forEach((page, i) => {
        const sites = pages[i]?.data?.sites;
        if (sites) byPage.set(page, sites);
      });
    return byPage;
  }, [first.data, pages, shownPages]);
  const byId = useMemo(() => {
    const map = new Map<string, ResultSite>();
    for (const sites of loaded.values()) for (const site of sites) map.set(site.id, site);
    return map;
  }, [loaded]);

  const count = idList ? idList.length : first.data ? (wantsIds(total) ? first.data.sites.length : total) : 0;
  const failed = [first, ...(wantsIds(total) ? [ids] : []), ...pages].filter((query) => query.isError);
  return {
    first,
    total,
    ids: idList,
    /** How many positions the list has: every id once in, else the first page. */
    count,
    known: sitesKnown(first.data?.sites.length ?? 0, total, idList),
    isFetching: first.isFetching || (wantsIds(total) && ids.isFetching),
    error: failed[0]?.error ?? null,
    retry: () => failed.forEach((query) => void query.refetch()),
    /** The card at a position: by id once the ids are in (a deletion shifts positions), else by place. */
    siteAt: (index: number): ResultSite | undefined =>
      idList ? byId.get(idList[index]!) : loaded.get(Math.floor(index / RESULT_PAGE))?.[index % RESULT_PAGE],
  };
}
