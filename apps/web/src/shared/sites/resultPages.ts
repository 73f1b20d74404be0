import { SEARCH_PAGE } from '@planning/shared';

/**
 * Spec 01 §4: "Loading continues until the number of sites fetched equals the total". The first
 * page is small so the first cards show at once; the rest come in pages as large as the search
 * route allows, so 20,000 sites take 41 requests rather than 400.
 */
export const RESULT_PAGES = { first: SEARCH_PAGE.defaultLimit, next: SEARCH_PAGE.maxLimit } as const;

/**
 * Where the next page starts: after the last site already in (keyset paging, so a late page
 * costs as little as the first), and how many are in so far.
 */
export type PageStart = { fetched: number; after?: string };
export const FIRST_PAGE: PageStart = { fetched: 0 };

/** How many sites to ask for at a page start. */
export function pageLimit(start: PageStart): number {
  return start.fetched === 0 ? RESULT_PAGES.first : RESULT_PAGES.next;
}

/**
 * The start of the next page, or undefined when there is none: every site is in, or a page came
 * back empty (the sites changed under the search; asking again would never end).
 */
export function nextPageStart(
  pages: ReadonlyArray<{ sites: readonly { id: string }[]; total: number }>,
): PageStart | undefined {
  const last = pages.at(-1);
  const lastSite = last?.sites.at(-1);
  if (!last || !lastSite) return undefined;
  const fetched = pages.reduce((sum, page) => sum + page.sites.length, 0);
  return fetched < last.total ? { fetched, after: lastSite.id } : undefined;
}

/** Spec 01 §2: 'n / total sites found' while pages load; the count once all are in. */
export function resultsText(fetched: number, total: number): string {
  if (total === 0) return 'No sites found';
  if (fetched < total)
    return `${fetched.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')} sites found`;
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'site' : 'sites'} found`;
}
