type ModuleInfo = {
  code: string | null;
  importedIds: readonly string[];
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
};
type Context = { getModuleInfo: (id: string) => ModuleInfo | null };

/**
 * The code a page always loads together, as one file each rather than a file per set of screens
 * that share a module (issue 25: /map made 98 requests for its scripts, and on HTTP/1.1's six
 * connections its first API answers waited behind them).
 *
 * A module goes to a group when every screen that can reach it loads that group's root anyway:
 * - 'app': what the app's start (the router, the query client, the council's gate) needs: every
 *   page loads it;
 * - 'layout': what the staff layout needs beyond that, unless a screen outside the layout (the
 *   public documents, the council picker) reaches it too;
 * - 'site-search': what /map needs beyond those, when only /map (and what it loads lazily) does.
 * Anything else keeps the bundler's own split, so no page loads code it would not have loaded.
 */
const ROOTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\\/]src[\\/]app[\\/]start\.tsx$/, 'app'],
  [/[\\/]src[\\/]app[\\/]layout[\\/]AppLayout\.tsx$/, 'layout'],
  [/[\\/]src[\\/]features[\\/]sites[\\/]pages[\\/]SiteSearchPage\.tsx$/, 'site-search'],
];
/** Screens shown outside the staff layout: a module they reach is not the layout's. */
const OUTSIDE_LAYOUT = [
  /[\\/]src[\\/]features[\\/]public-documents[\\/]/,
  /[\\/]src[\\/]features[\\/]tenants[\\/]pages[\\/]/,
  // The public call-for-sites pages and what they load later (the boundary map); not the admin's.
  /[\\/]src[\\/]features[\\/]calls-for-sites[\\/](?!adminCallPages)/,
];

/**
 * antd's index re-exports every component: a screen that imports Button from it does not load
 * Table, so the walk goes on from the index only to the modules that name the component.
 */
const ANTD_INDEX = /node_modules[\\/]antd[\\/]es[\\/]index\.js$/;
const ANTD_COMPONENT = /node_modules[\\/]antd[\\/]es[\\/]([a-z-]+)[\\/]index\.js$/;

/** 'input-number' → 'InputNumber': the name antd's index gives a component's folder. */
function componentName(folder: string): string {
  return folder.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());
}

const FROM_ANTD = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']antd["']/g;

/** Whether a module's code takes this component from antd's index; unknown code counts as yes. */
function names(code: string | null | undefined, folder: string): boolean {
  if (code == null) return true;
  const wanted = componentName(folder);
  for (const [, list] of code.matchAll(FROM_ANTD))
    if (list!.split(',').some((item) => item.trim().split(/\s+as\s+/)[0] === wanted)) return true;
  return false;
}

/** The modules loaded on their own (the entry, each import()) from which `id` is reached statically. */
function rootsOf(id: string, ctx: Context, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set<string>();
  // Set before the walk: an import cycle ends here rather than looping.
  memo.set(id, roots);
  const info = ctx.getModuleInfo(id);
  if (!info) return roots;
  if (info.isEntry || info.dynamicImporters.length > 0) roots.add(id);
  const folder = ANTD_COMPONENT.exec(id)?.[1];
  for (const importer of info.importers) {
    const through =
      folder && ANTD_INDEX.test(importer)
        ? (ctx.getModuleInfo(importer)?.importers ?? []).filter((user) =>
            names(ctx.getModuleInfo(user)?.code, folder),
          )
        : [importer];
    for (const next of through) for (const root of rootsOf(next, ctx, memo)) roots.add(root);
  }
  return roots;
}

export type GroupName = 'app' | 'layout' | 'site-search';
/** A group's modules may use those of the groups before it: a page loading one loads those too. */
const ORDER: readonly GroupName[] = ['app', 'layout', 'site-search'];

/** A module's group by the screens that reach it (see above), before its imports are looked at. */
function byRoots(id: string, ctx: Context, memo: Map<string, Set<string>>): GroupName | null {
  const roots = [...rootsOf(id, ctx, memo)];
  // The entry's own imports stay its own: they come before any request it starts.
  if (roots.length === 0 || roots.some((root) => ctx.getModuleInfo(root)?.isEntry)) return null;
  const named = roots.map((root) => ROOTS.find(([pattern]) => pattern.test(root))?.[1] ?? null);
  if (named.includes('app')) return 'app';
  if (roots.some((root) => OUTSIDE_LAYOUT.some((pattern) => pattern.test(root)))) return null;
  if (named.includes('layout')) return 'layout';
  if (named.every((name) => name === 'site-search')) return 'site-search';
  return null;
}

/** What a module imports, antd's index read as the components the module names. */
function importsOf(id: string, ctx: Context): string[] {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  return info.importedIds.flatMap((imported) => {
    if (!ANTD_INDEX.test(imported)) return [imported];
    return (ctx.getModuleInfo(imported)?.importedIds ?? []).filter((component) => {
      const folder = ANTD_COMPONENT.exec(component)?.[1];
      return !folder || names(info.code, folder);
    });
  });
}

/**
 * Groups by name for the code-splitting groups: `groupOf(name)` is a group's name function. The
 * bundler moves a grouped module's imports into its group too, so a module joins a group only
 * when all it imports is in that group, an earlier one or `elsewhere` (a group of its own: React,
 * MapLibre, the icons); else a screen outside the group would load the group's file for it.
 */
export function createChunkGroups(elsewhere: RegExp) {
  const roots = new Map<string, Set<string>>();
  const groups = new Map<string, GroupName | null>();
  const groupOf = (id: string, ctx: Context): GroupName | null => {
    if (groups.has(id)) return groups.get(id)!;
    const own = byRoots(id, ctx, roots);
    // Set before the imports are looked at: a cycle counts as the same group.
    groups.set(id, own);
    if (own === null) return null;
    const fits = importsOf(id, ctx).every((imported) => {
      if (elsewhere.test(imported)) return true;
      const theirs = groupOf(imported, ctx);
      return theirs !== null && ORDER.indexOf(theirs) <= ORDER.indexOf(own);
    });
    const group = fits ? own : null;
    groups.set(id, group);
    return group;
  };
  return (name: GroupName) => (id: string, ctx: Context) => (groupOf(id, ctx) === name ? name : null);
}
