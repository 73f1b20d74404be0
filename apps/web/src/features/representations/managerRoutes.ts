/**
 * Spec 02 §2: the manager's addresses, /consultations/representations/{tab}/{flow?}/{step?}. The
 * flow names the drawer that is open and the step its step, so the browser's back button walks the
 * steps. Pure, so the rules are tested without a browser.
 */
export const managerTabs = ['all', 'contacts', 'organisations'] as const;
export type ManagerTab = (typeof managerTabs)[number];

export const managerFlows = [
  'new-representee',
  'new-representation',
  'new-response',
  'new-custom-column',
] as const;
export type ManagerFlow = (typeof managerFlows)[number];

export const MANAGER_BASE = '/consultations/representations';

export const tabLabels: Record<ManagerTab, string> = {
  all: 'Representations',
  contacts: 'Contacts',
  organisations: 'Organisations',
};

/** The tabs a council sees: contacts and organisations only with contact management on. */
export function visibleTabs(contactManagement: boolean): readonly ManagerTab[] {
  return contactManagement ? managerTabs : ['all'];
}

export type ManagerRoute =
  | { kind: 'show'; tab: ManagerTab; flow: ManagerFlow | null; step: string | null }
  | { kind: 'redirect'; to: string };

/** Reads the address's segments; an unknown tab or flow goes back to a known address. */
export function parseManagerRoute(
  params: { tab?: string; flow?: string; step?: string },
  contactManagement: boolean,
): ManagerRoute {
  const tabs = visibleTabs(contactManagement);
  const tab = tabs.find((known) => known === params.tab);
  if (!tab) return { kind: 'redirect', to: `${MANAGER_BASE}/all` };
  if (params.flow === undefined) return { kind: 'show', tab, flow: null, step: null };
  const flow = managerFlows.find((known) => known === params.flow);
  if (!flow) return { kind: 'redirect', to: `${MANAGER_BASE}/${tab}` };
  return { kind: 'show', tab, flow, step: params.step ?? null };
}

/** The address of a tab, a drawer and its step, keeping the query (detail ids) when given. */
export function managerPath(
  tab: ManagerTab,
  flow?: ManagerFlow | null,
  step?: string | null,
  search = '',
): string {
  const segments = [MANAGER_BASE, tab, flow ?? null, flow ? (step ?? null) : null].filter(Boolean);
  return `${segments.join('/')}${search && !search.startsWith('?') ? `?${search}` : search}`;
}

export type StepDecision = { index: number; redirectTo: string | null };

/**
 * Which step a drawer shows for the address's step: a step never reached in this drawer (an
 * address typed or reloaded mid-flow, whose earlier answers are gone) falls back to the furthest
 * reached; an unknown or missing one to the first. `redirectTo` is the step to put in the address.
 */
export function stepToShow(
  steps: readonly string[],
  requested: string | null,
  reached: number,
): StepDecision {
  const first = steps[0] ?? '';
  const index = requested === null ? -1 : steps.indexOf(requested);
  if (index < 0) return { index: 0, redirectTo: first };
  const furthest = Math.max(0, Math.min(reached, steps.length - 1));
  if (index > furthest) return { index: furthest, redirectTo: steps[furthest] ?? first };
  return { index, redirectTo: null };
}

/** The steps of representation creation (spec 02 §4 Flows). */
export const representationSteps = [
  { key: 'representee', title: 'Representee' },
  { key: 'agent', title: 'Agent' },
  { key: 'correspondence', title: 'Correspondence' },
  { key: 'confirm', title: 'Create' },
] as const;

/**
 * The steps of a new representee (spec 02 §4 Flows): the menu, then an organisation's details,
 * its contacts and confirm; or a private individual's details and confirm.
 */
export function representeeSteps(type: 'organisation' | 'privateIndividual' | null, withMenu = true) {
  const menu = withMenu ? [{ key: 'menu', title: 'Type' }] : [];
  if (type === 'privateIndividual')
    return [...menu, { key: 'contact', title: 'Contact details' }, { key: 'confirm', title: 'Confirm' }];
  return [
    ...menu,
    { key: 'organisation', title: 'Organisation details' },
    { key: 'contacts', title: 'Contact details' },
    { key: 'confirm', title: 'Confirm' },
  ];
}

/** A custom column (spec 02 §5): its table, name and type; options for the select types; confirm. */
export function customColumnSteps(dataType: string | null | undefined) {
  const withOptions = dataType === 'singleSelect' || dataType === 'multiSelect';
  return [
    { key: 'column', title: 'Column' },
    ...(withOptions ? [{ key: 'options', title: 'Options' }] : []),
    { key: 'confirm', title: 'Confirm' },
  ];
}

/** The custom-column table a tab adds to. */
export const tableOfTab: Record<ManagerTab, 'representations' | 'contacts' | 'organisations'> = {
  all: 'representations',
  contacts: 'contacts',
  organisations: 'organisations',
};
