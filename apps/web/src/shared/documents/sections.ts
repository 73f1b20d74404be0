import type { DocumentConfig } from '@planning/shared';

/** The page's address with the heading's anchor in place of any other (the copied heading link). */
export function headingLinkUrl(href: string, anchor: string): string {
  const url = new URL(href);
  url.hash = anchor;
  return url.toString();
}

/**
 * The hero that opens the page, whose title is the page's h1: the config's heroSection, else the
 * first hero among the root's children; null when there is none (the page shows the title itself).
 */
export function pageHeroId(config: Pick<DocumentConfig, 'root' | 'heroSection' | 'entities'>): string | null {
  const { entities } = config;
  if (config.heroSection && entities[config.heroSection]?.type === 'hero') return config.heroSection;
  const children = entities[config.root]?.childSectionIds ?? [];
  return children.find((id) => entities[id]?.type === 'hero') ?? null;
}

/**
 * The document page's layout: the contents column beside the body, or, with no section headings
 * (a document built from "Blank"), the body alone across the page, not beside an empty column.
 */
export function documentLayoutClass(hasContents: boolean): string {
  return hasContents ? 'public-page public-document' : 'public-page public-document public-document--single';
}
