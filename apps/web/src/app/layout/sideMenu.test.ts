import { describe, expect, it } from 'vitest';
import { featureFlagNames, type FeatureFlags } from '@planning/shared';
import { activeSideMenuKey, sideMenu, visibleSideMenu, type MenuAccess } from './sideMenu';

const allowed: MenuAccess = {
  siteAssessmentMenu: true,
  siteListsMenu: true,
  consultationsMenu: true,
  admin: true,
  // Only the data protection officer's role (and the administrators') holds it: off unless a test says.
  dataProtection: false,
  // The officers who review call for sites submissions (issue 27): off unless a test says.
  cfsReview: false,
};

const flags = (overrides: Partial<FeatureFlags> = {}): FeatureFlags => ({
  ...(Object.fromEntries(featureFlagNames.map((name) => [name, true])) as FeatureFlags),
  ...overrides,
});

/** The menu as labels, sections with their entries: easy to read in a failure. */
function labels(overrides: Partial<FeatureFlags>, access: Partial<MenuAccess> = {}): string[] {
  return visibleSideMenu(sideMenu, { flags: flags(overrides), access: { ...allowed, ...access } }).map(
    (entry) =>
      entry.kind === 'section'
        ? `${entry.label}: ${entry.children.map((child) => child.label).join(', ')}`
        : entry.label,
  );
}

describe('visibleSideMenu', () => {
  it.each<[Partial<FeatureFlags>, string[]]>([
    [
      {},
      [
        'Site Assessment: Table, Map, Sites Form Builder',
        'Site Lists',
        'Consultations: Doc Builder, Rep Manager, Analysis',
        'Events',
        'Admin',
      ],
    ],
    [
      { consultationsPages: false },
      ['Site Assessment: Table, Map, Sites Form Builder', 'Site Lists', 'Events', 'Admin'],
    ],
    [
      { documentBuilder: false, analysisPage: false },
      [
        'Site Assessment: Table, Map, Sites Form Builder',
        'Site Lists',
        'Consultations: Rep Manager',
        'Events',
        'Admin',
      ],
    ],
    [
      { analysisPage: false },
      [
        'Site Assessment: Table, Map, Sites Form Builder',
        'Site Lists',
        'Consultations: Doc Builder, Rep Manager',
        'Events',
        'Admin',
      ],
    ],
  ])('flags %o', (overrides, expected) => {
    expect(labels(overrides)).toEqual(expected);
  });
});

describe('menu permissions (spec 01 §6)', () => {
  it('shows a viewer without list or authorisation grants no Site Lists and no Admin', () => {
    expect(labels({}, { siteListsMenu: false, admin: false })).toEqual([
      'Site Assessment: Table, Map, Sites Form Builder',
      'Consultations: Doc Builder, Rep Manager, Analysis',
      'Events',
    ]);
  });

  it('shows Data protection to those with the data protection grant only (issue 26)', () => {
    expect(labels({}, { dataProtection: true }).slice(-2)).toEqual(['Admin', 'Data protection']);
    expect(
      labels(
        {},
        {
          siteAssessmentMenu: false,
          siteListsMenu: false,
          consultationsMenu: false,
          admin: false,
          dataProtection: true,
        },
      ),
    ).toEqual(['Data protection']);
  });

  it('shows Calls for sites to those who review call for sites submissions only (issue 27)', () => {
    expect(labels({})).not.toContain('Calls for sites');
    expect(labels({}, { cfsReview: true })).toContain('Calls for sites');
    expect(activeSideMenuKey(sideMenu, '/cfs/submissions/4')).toBe('cfs-review');
    expect(activeSideMenuKey(sideMenu, '/cfs/analytics')).toBe('cfs-review');
  });

  it('shows a public account no staff sections at all', () => {
    expect(
      labels({}, { siteAssessmentMenu: false, siteListsMenu: false, consultationsMenu: false, admin: false }),
    ).toEqual([]);
  });
});

describe('activeSideMenuKey', () => {
  it.each([
    ['/map', 'map'],
    ['/table', 'table'],
    ['/documents', 'doc-builder'],
    ['/documents/12', 'doc-builder'],
    ['/consultations/representations/contacts/new-representee', 'rep-manager'],
    ['/consultations/sub-representation/4/editor', 'rep-manager'],
    ['/document/response-analysis', 'analysis'],
    ['/admin/placemaker/roles', 'admin'],
    ['/data-protection', 'data-protection'],
    ['/mapping', undefined],
    ['/settings', undefined],
  ])('%s → %s', (pathname, key) => {
    expect(activeSideMenuKey(sideMenu, pathname)).toBe(key);
  });
});

describe('disabled menu entries', () => {
  it('each says why it cannot be opened', () => {
    const leaves = sideMenu.flatMap((entry) =>
      entry.kind === 'section' ? entry.children : entry.kind === 'link' ? [entry] : [],
    );
    const greyed = leaves.filter((leaf) => !leaf.to);
    expect(greyed.map((leaf) => leaf.label)).toContain('Sites Form Builder');
    for (const leaf of greyed) expect(leaf.unavailable, leaf.label).toMatch(/\w/);
  });
});
