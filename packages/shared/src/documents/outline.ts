import type { DocumentConfig, DocumentEntity } from './schemas';

/** Spec 02 §5: number cells of the site info display are trimmed to 2 decimals; empty shows '-'. */
export function siteInfoText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(siteInfoText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Spec 02 §5: when a checkbox's maximum would be exceeded, the oldest pick is dropped. The picks
 * after the reader clicks `option` (a second click takes it off).
 */
export function togglePick(picks: readonly string[], option: string, maxSelected?: number): string[] {
  if (picks.includes(option)) return picks.filter((pick) => pick !== option);
  const next = [...picks, option];
  return maxSelected !== undefined && next.length > maxSelected
    ? next.slice(next.length - maxSelected)
    : next;
}

/** Spec 02 §2: a section's anchor is a hash of its id (FNV-1a, so every reader makes the same). */
export function sectionAnchor(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `section-${hash.toString(16).padStart(8, '0')}`;
}

const NUMBERED = new Set<DocumentEntity['type']>(['section', 'subSection']);

export type OutlineEntry = {
  id: string;
  title: string;
  depth: number;
  number: string | null;
  anchor: string;
};

/**
 * The document's sections in reading order, numbered '1', '1.1', … (spec 02 §2) unless
 * documentSettings.hideSectionNumberings, for the page's headings and its table of contents. The
 * root is the document itself and takes no number.
 */
export function documentOutline(
  config: Pick<DocumentConfig, 'root' | 'entities' | 'documentSettings'>,
): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const hide = config.documentSettings?.hideSectionNumberings ?? false;
  const seen = new Set<string>();
  const walk = (id: string, prefix: string, depth: number) => {
    const item = config.entities[id];
    if (!item || seen.has(id)) return;
    seen.add(id);
    let count = 0;
    for (const childId of item.childSectionIds ?? []) {
      const child = config.entities[childId];
      if (!child || !NUMBERED.has(child.type) || seen.has(childId)) continue;
      count += 1;
      const number = prefix ? `${prefix}.${count}` : String(count);
      entries.push({
        id: childId,
        title: 'title' in child && typeof child.title === 'string' ? child.title : '',
        depth,
        number: hide ? null : number,
        anchor: sectionAnchor(childId),
      });
      walk(childId, number, depth + 1);
    }
  };
  walk(config.root, '', 0);
  return entries;
}
