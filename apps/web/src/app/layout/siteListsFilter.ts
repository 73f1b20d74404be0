/** Just what the side menu shows of a site list; the lists themselves arrive with the lists work. */
export type SiteListLink = { id: string; name: string };

/** Spec 01 §2: the Site Lists box filters by lower-case substring, nothing cleverer. */
export function filterSiteLists<T extends SiteListLink>(lists: T[], query: string): T[] {
  const needle = query.toLowerCase();
  return lists.filter((list) => list.name.toLowerCase().includes(needle));
}
