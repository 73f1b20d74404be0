import type { ComponentType } from 'react';
import {
  BarChartOutlined,
  CalendarOutlined,
  CommentOutlined,
  CompassOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FormOutlined,
  InboxOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { FeatureFlags } from '@planning/shared';

/** Spec 01 §6: the menu parts that need grants, each answered by the server. */
export type MenuAccess = Record<
  'siteAssessmentMenu' | 'siteListsMenu' | 'consultationsMenu' | 'admin' | 'dataProtection' | 'cfsReview',
  boolean
>;

/** What an entry may look at to decide whether it shows. */
export type SideMenuContext = { flags: FeatureFlags; access: MenuAccess };
export type VisibleWhen = (context: SideMenuContext) => boolean;

type Icon = ComponentType<{ 'aria-hidden'?: boolean }>;

export type SideMenuLink = {
  key: string;
  label: string;
  icon: Icon;
  /** Where the entry goes; an entry without one is shown disabled, with `unavailable` saying why. */
  to?: string;
  /** Why a disabled entry cannot be opened (spec 01 §2 keeps Sites Form Builder in the menu, disabled). */
  unavailable?: string;
  /** Paths under which this entry counts as the current one (defaults to `to`). */
  activeFor?: string[];
  visible?: VisibleWhen;
};

export type SideMenuEntry =
  | ({ kind: 'link'; placement?: 'bottom' } & SideMenuLink)
  | {
      kind: 'section';
      key: string;
      label: string;
      icon: Icon;
      children: SideMenuLink[];
      visible?: VisibleWhen;
    }
  | { kind: 'siteLists'; key: string; label: string; icon: Icon; visible?: VisibleWhen };

/** Spec 01 §2 and §6: the side menu, in order. */
export const sideMenu: SideMenuEntry[] = [
  {
    kind: 'section',
    key: 'site-assessment',
    label: 'Site Assessment',
    icon: EnvironmentOutlined,
    visible: ({ access }) => access.siteAssessmentMenu,
    children: [
      { key: 'table', label: 'Table', icon: TableOutlined, to: '/table' },
      { key: 'map', label: 'Map', icon: CompassOutlined, to: '/map' },
      {
        key: 'sites-form-builder',
        label: 'Sites Form Builder',
        icon: FormOutlined,
        unavailable: 'Not available yet: the site form is set in the site configs',
      },
    ],
  },
  {
    kind: 'siteLists',
    key: 'site-lists',
    label: 'Site Lists',
    icon: UnorderedListOutlined,
    visible: ({ access }) => access.siteListsMenu,
  },
  {
    kind: 'section',
    key: 'consultations',
    label: 'Consultations',
    icon: CommentOutlined,
    visible: ({ flags, access }) => access.consultationsMenu && flags.consultationsPages,
    children: [
      {
        key: 'doc-builder',
        label: 'Doc Builder',
        icon: FileTextOutlined,
        to: '/documents',
        visible: ({ flags }) => flags.documentBuilder,
      },
      {
        key: 'rep-manager',
        label: 'Rep Manager',
        icon: SolutionOutlined,
        to: '/consultations/representations/all',
        activeFor: ['/consultations/representations', '/consultations/sub-representation'],
      },
      {
        key: 'analysis',
        label: 'Analysis',
        icon: BarChartOutlined,
        to: '/document/response-analysis',
        visible: ({ flags }) => flags.analysisPage,
      },
    ],
  },
  {
    kind: 'link',
    key: 'events',
    label: 'Events',
    icon: CalendarOutlined,
    to: '/events',
    // The staff's list of consultation events (issue 16); residents have /consultations.
    visible: ({ access }) => access.siteAssessmentMenu,
  },
  {
    kind: 'link',
    key: 'cfs-review',
    label: 'Calls for sites',
    icon: InboxOutlined,
    to: '/cfs/submissions',
    // Issue 27 point 4: the officers who review call for sites submissions.
    activeFor: ['/cfs'],
    visible: ({ access }) => access.cfsReview,
  },
  {
    kind: 'link',
    key: 'admin',
    label: 'Admin',
    icon: SettingOutlined,
    to: '/admin',
    placement: 'bottom',
    visible: ({ access }) => access.admin,
  },
  {
    kind: 'link',
    key: 'data-protection',
    label: 'Data protection',
    icon: SafetyOutlined,
    to: '/data-protection',
    placement: 'bottom',
    visible: ({ access }) => access.dataProtection,
  },
];

const isVisible = (item: { visible?: VisibleWhen }, context: SideMenuContext) =>
  item.visible ? item.visible(context) : true;

/** The entries this user sees; a section left with no entries disappears. */
export function visibleSideMenu(entries: SideMenuEntry[], context: SideMenuContext): SideMenuEntry[] {
  return entries.flatMap((entry): SideMenuEntry[] => {
    if (!isVisible(entry, context)) return [];
    if (entry.kind !== 'section') return [entry];
    const children = entry.children.filter((child) => isVisible(child, context));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

function leaves(entries: SideMenuEntry[]): SideMenuLink[] {
  return entries.flatMap((entry) => {
    if (entry.kind === 'section') return entry.children;
    if (entry.kind === 'link') return [entry];
    return [];
  });
}

const isUnder = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The key of the entry for this path: the one with the longest matching prefix. */
export function activeSideMenuKey(entries: SideMenuEntry[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const leaf of leaves(entries)) {
    for (const prefix of leaf.activeFor ?? (leaf.to ? [leaf.to] : [])) {
      if (isUnder(pathname, prefix) && (!best || prefix.length > best.length)) {
        best = { key: leaf.key, length: prefix.length };
      }
    }
  }
  return best?.key;
}

/** Where each enabled entry goes, by key, for the menu's click handler. */
export function sideMenuTargets(entries: SideMenuEntry[]): Map<string, string> {
  return new Map(leaves(entries).flatMap((leaf) => (leaf.to ? [[leaf.key, leaf.to] as const] : [])));
}
