import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { councilBaseMaps } from './basemaps.service';

/**
 * The origins of a council's MapLibre style documents (OS Vector Tile API and the like). The
 * browser fetches the style, its tiles, glyphs and sprites itself, so the page's content security
 * policy must let it connect there; every other council's page still connects to us only.
 */
export async function styleDocumentOrigins(db: Kysely<Database>, tenantId: string): Promise<string[]> {
  const origins = new Set<string>();
  for (const style of (await councilBaseMaps(db, tenantId)).styles ?? []) {
    try {
      const origin = new URL(style.url).origin;
      if (origin.startsWith('https://')) origins.add(origin);
    } catch {
      // Stored addresses were checked when added; one that no longer parses is left out.
    }
  }
  return [...origins].sort();
}

/** The policy with more sources for connect-src (the page's fetches and MapLibre's workers). */
export function withConnectSources(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy.replace(
    /(^|;)(\s*connect-src)([^;]*)/,
    (_match, start: string, name: string, sources: string) =>
      `${start}${name}${sources} ${origins.join(' ')}`,
  );
}

/** The policy with one more script source (a page's own inline script, by its hash). */
export function withScriptSource(policy: string, source: string): string {
  return policy.replace(
    /(^|;)(\s*script-src)([^;]*)/,
    (_match, start: string, name: string, sources: string) => `${start}${name}${sources} ${source}`,
  );
}
