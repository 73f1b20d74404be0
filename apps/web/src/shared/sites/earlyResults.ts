import { earlyJson, postEarly } from '../../api/early';
import { getStoredTenantName } from '../../api/tenantStorage';
import { cardAttributes, firstPageBody, idsBody, type ListSearch } from './resultPages';

/** Spec 01 §9: the applied search, kept in session storage per council. */
export const storedSearchKey = (tenant: string) => `planning.site-search.${tenant}`;

/** The card settings' fields, when the answer (`{ config }`) looks like card settings at all. */
function earlyCardAttributes(answer: unknown): string[] | null {
  const config = (answer as { config?: unknown } | null)?.config;
  const elements = (config as { elements?: unknown } | null | undefined)?.elements;
  if (!Array.isArray(elements)) return null;
  const fields = elements as { dbPropertyName?: unknown }[];
  return fields.every((element) => typeof element?.dbPropertyName === 'string')
    ? cardAttributes({ elements: fields as { dbPropertyName: string }[] })
    : null;
}

/**
 * Issue 25 point 7: /map opened with no search of its own asks for its results list's first page
 * and every id from the entry, as soon as the card settings are in (the search is then known: no
 * filters, the base scenario, the card's fields), not once the app's code has run and the page
 * has rendered with them. The page's own calls, the same address and body, take these answers.
 * A search kept from earlier in the session is the page's to ask for.
 */
export function requestEarlyResults(pathname: string): void {
  if (!/^\/map\/?$/.test(pathname)) return;
  const tenant = getStoredTenantName();
  try {
    if (!tenant || sessionStorage.getItem(storedSearchKey(tenant)) !== null) return;
  } catch {
    return;
  }
  const search = earlyJson('/configs/site-card').then((config): ListSearch | null => {
    const attributes = earlyCardAttributes(config);
    return attributes ? { filters: [], scenario: undefined, attributes } : null;
  });
  postEarly(
    '/search/site/flexible',
    search.then((known) => known && firstPageBody(known)),
  );
  postEarly(
    '/search/site/ids',
    search.then((known) => known && idsBody(known)),
  );
}
