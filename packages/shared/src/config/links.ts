import { z } from 'zod';
import {
  CONFIG_LINK_DEPTH_LIMIT,
  CONFIG_LINK_TYPE,
  configMessages,
  configStoreSchema,
  type ConfigStore,
} from './types';

/**
 * Spec 03 §3.1: a link object anywhere in a document, replaced by the linked config's document
 * (resolved recursively) before the document is validated (§5).
 */
export const configLinkSchema = z.object({
  type: z.literal(CONFIG_LINK_TYPE),
  id: z.uuid(),
  table: configStoreSchema,
});
export type ConfigLink = z.infer<typeof configLinkSchema>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value claims to be a link (its type is LINK_TO_CONFIG), well formed or not. */
export const looksLikeConfigLink = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && value.type === CONFIG_LINK_TYPE;

/** Every link of a document with where it sits (dotted path), in document order. */
export function findConfigLinks(document: unknown): Array<{ path: string; link: ConfigLink }> {
  const found: Array<{ path: string; link: ConfigLink }> = [];
  const walk = (value: unknown, path: string[]) => {
    if (looksLikeConfigLink(value)) {
      const parsed = configLinkSchema.safeParse(value);
      if (parsed.success) found.push({ path: path.join('.'), link: parsed.data });
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)]));
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(document, []);
  return found;
}

/** Loads a linked config's stored document; null or undefined when there is none. */
export type ConfigLinkLoader = (link: { id: string; table: ConfigStore }) => Promise<unknown>;

export type ResolvedConfigLinks =
  | {
      ok: true;
      /** The document with every link replaced by its target's (resolved) document. */
      document: unknown;
      /** Ids of every config the document reads through links. */
      linked: string[];
    }
  | {
      ok: false;
      /** 'Config link cycle: a → b → a', 'Config does not exist: id', … */
      message: string;
      /** Where, in the document given, the link that failed sits. */
      path: string;
    };

class LinkFailure extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

/**
 * Replaces every LINK_TO_CONFIG object with the linked document, recursively. A cycle (a document
 * reaching itself again) and a missing target are reported, never followed; so are links nested
 * deeper than CONFIG_LINK_DEPTH_LIMIT. `rootId` is the id of the document itself when it has one,
 * so a link back to it counts as a cycle. Each target is loaded once.
 */
export async function resolveConfigLinks(
  document: unknown,
  load: ConfigLinkLoader,
  options: { rootId?: string | null } = {},
): Promise<ResolvedConfigLinks> {
  const cache = new Map<string, Promise<unknown>>();
  const linked = new Set<string>();
  const loadOnce = (link: ConfigLink) => {
    const key = `${link.table}:${link.id}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = load({ id: link.id, table: link.table });
      cache.set(key, pending);
    }
    return pending;
  };

  // `chain`: ids of the documents being resolved, outermost first; `path`: where in the root.
  const resolve = async (value: unknown, chain: string[], path: string[]): Promise<unknown> => {
    if (looksLikeConfigLink(value)) {
      const where = path.join('.');
      const parsed = configLinkSchema.safeParse(value);
      if (!parsed.success) throw new LinkFailure(configMessages.linkInvalid, where);
      const link = parsed.data;
      if (chain.includes(link.id)) {
        const from = chain.indexOf(link.id);
        throw new LinkFailure(configMessages.linkCycle([...chain.slice(from), link.id]), where);
      }
      // The root counts when it has no id: chain minus an empty root.
      const depth = chain.length - (options.rootId ? 1 : 0);
      if (depth >= CONFIG_LINK_DEPTH_LIMIT) throw new LinkFailure(configMessages.linkTooDeep, where);
      const target = await loadOnce(link);
      if (target === null || target === undefined)
        throw new LinkFailure(configMessages.linkMissing(link.id), where);
      linked.add(link.id);
      // The target's own links are resolved with it in the chain; failures still point at this link.
      try {
        return await resolve(target, [...chain, link.id], path);
      } catch (error) {
        if (error instanceof LinkFailure) throw new LinkFailure(error.message, where);
        throw error;
      }
    }
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (const [index, item] of value.entries())
        items.push(await resolve(item, chain, [...path, String(index)]));
      return items;
    }
    if (isObject(value)) {
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) copy[key] = await resolve(item, chain, [...path, key]);
      return copy;
    }
    return value;
  };

  try {
    const resolved = await resolve(document, options.rootId ? [options.rootId] : [], []);
    return { ok: true, document: resolved, linked: [...linked] };
  } catch (error) {
    if (error instanceof LinkFailure) return { ok: false, message: error.message, path: error.path };
    throw error;
  }
}
