import { SEARCH_PAGE, SITE_IDS_MAX, type SearchFilter } from '@planning/shared';

/**
 * The results list holds every matching site's id (one light request, in the search's id order)
 * and fetches card data only for the pages of the list that are shown or near (issue 25: 20,000
 * cards were 7.5 MB of JSON nobody scrolled to). A page is as large as the first, so the first
 * cards show at once and a scroll costs one small request.
 */
export const RESULT_PAGE = SEARCH_PAGE.defaultLimit;

/** The page holding the item at this index. */
export const pageOf = (index: number): number => Math.floor(index / RESULT_PAGE);

/**
 * The pages to fetch for the items on screen (the virtualiser's, overscan included) and the next
 * page when the last item shown is near its end, so a steady scroll finds its cards there.
 */
export function pagesFor(indexes: readonly number[], count: number, ahead = 10): number[] {
  if (indexes.length === 0 || count === 0) return [];
  const last = Math.min(count - 1, Math.max(...indexes) + ahead);
  const pages = new Set(indexes.filter((index) => index < count).map(pageOf));
  pages.add(pageOf(last));
  return [...pages].sort((a, b) => a - b);
}

/**
 * Where a page starts: after the last id of the page before when the ids are in (keyset paging: a
 * late page costs what the first does), else by offset (before the ids arrive, or when more
 * sites match than may be listed).
 */
export function pageRequest(
  page: number,
  ids: readonly string[] | undefined,
): { limit: number; after?: string; offset?: number } {
  if (page === 0) return { limit: RESULT_PAGE };
  const after = ids?.[page * RESULT_PAGE - 1];
  return after ? { limit: RESULT_PAGE, after } : { limit: RESULT_PAGE, offset: page * RESULT_PAGE };
}

/** A results list's search: the applied filters, the scenario and the fields its cards show. */
export type ListSearch = { filters: SearchFilter[]; scenario: string | undefined; attributes: string[] };

/** What a site card shows: its name and the card config's fields (the list's search asks for them). */
export function cardAttributes(config: { elements: readonly { dbPropertyName: string }[] }): string[] {
  return [...new Set(['site_name', ...config.elements.map((element) => element.dbPropertyName)])];
}

/**
 * The bodies of a list's first two calls, written once for the page and for the entry that asks
 * for them early (the early answer is found by its body, as JSON.stringify writes it).
 */
export const firstPageBody = (search: ListSearch) => ({
  filters: search.filters,
  scenario: search.scenario,
  attributes: search.attributes,
  ...pageRequest(0, undefined),
});
export const idsBody = (search: Pick<ListSearch, 'filters' | 'scenario'>) => ({
  filters: search.filters,
  scenario: search.scenario,
});

/** Whether the list asks for every id: only when more than the first page match and ids may be listed. */
export const wantsIds = (total: number): boolean => total > RESULT_PAGE && total <= SITE_IDS_MAX;

/**
 * How many sites the list knows (spec 01 §4: loading continues until this equals the total): the
 * first page, then every id. Above SITE_IDS_MAX the list pages by offset and knows them all.
 */
export function sitesKnown(firstPage: number, total: number, ids: readonly string[] | undefined): number {
  if (ids) return ids.length;
  return wantsIds(total) ? firstPage : total;
}

/** Spec 01 §2: 'n / total sites found' while pages load; the count once all are in. */
export function resultsText(fetched: number, total: number): string {
  if (total === 0) return 'No sites found';
  if (fetched < total)
    return `${fetched.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')} sites found`;
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'site' : 'sites'} found`;
}
