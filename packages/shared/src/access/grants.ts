/**
 * Spec 01 §6: the units access is checked on, the three actions and what each part of the app
 * needs. Apart from the answers' schemas (access/schemas.ts), so the web app's entry, which asks
 * for the menus' access answers, does not load the schema library with it.
 */
export const accessUnits = [
  'placemaker',
  'consultations',
  'sites',
  'site-lists',
  'authorisation',
  'dev-features',
  /** Issue 25 point 3: read representations as received (read); the rest read them redacted. */
  'personal-data',
  /**
   * Issue 26: the data protection officer's tools: the register and subject access (read),
   * retention and the allow list (write), erasure (delete).
   */
  'data-protection',
  /**
   * Issue 27 point 4: call for sites submissions: read them with the submitters' details (read),
   * move them through review, accept and reject (write).
   */
  'cfs',
] as const;
export type AccessUnit = (typeof accessUnits)[number];

export const accessActions = ['read', 'write', 'delete'] as const;
export type AccessAction = (typeof accessActions)[number];

export type Grant = { unit: AccessUnit; action: AccessAction };

/** Spec 01 §6 table: what each part of the app needs. */
export const featureAccess = {
  siteAssessmentMenu: [{ unit: 'placemaker', action: 'read' }],
  siteListsMenu: [
    { unit: 'site-lists', action: 'read' },
    { unit: 'site-lists', action: 'write' },
    { unit: 'site-lists', action: 'delete' },
  ],
  bulkSiteActions: [
    { unit: 'sites', action: 'read' },
    { unit: 'sites', action: 'write' },
    { unit: 'sites', action: 'delete' },
  ],
  searchButton: [{ unit: 'sites', action: 'read' }],
  /** Draw site on /map and editing a site's boundary (spec 01 §4). */
  drawSites: [{ unit: 'sites', action: 'write' }],
  consultationsMenu: [{ unit: 'placemaker', action: 'read' }],
  /** Issue 25 point 3: a representation as received; without it, its redacted text everywhere. */
  textAsReceived: [{ unit: 'personal-data', action: 'read' }],
  /** Issue 26: the register of personal data held, and subject access requests. */
  dataProtection: [{ unit: 'data-protection', action: 'read' }],
  /** Issue 26 point 4: erasing a person (the preview shows their records: read too). */
  dataProtectionErasure: [
    { unit: 'data-protection', action: 'read' },
    { unit: 'data-protection', action: 'delete' },
  ],
  /** Placing and releasing a consultation's legal hold. */
  dataProtectionLegalHold: [
    { unit: 'data-protection', action: 'read' },
    { unit: 'data-protection', action: 'write' },
  ],
  /** Issue 26 point 5: changing the retention rules and adoption dates, dry runs and runs. */
  retention: [{ unit: 'data-protection', action: 'write' }],
  /** Issue 26 points 2 and 6: editing the allow list and publishing privacy notices. */
  dataProtectionSettings: [
    { unit: 'data-protection', action: 'read' },
    { unit: 'data-protection', action: 'write' },
  ],
  /** Issue 27 point 4: the review queue of call for sites submissions, with submitters' details. */
  cfsReview: [{ unit: 'cfs', action: 'read' }],
  /** Starting review, accepting (a new site) and rejecting submissions. */
  cfsDecide: [
    { unit: 'cfs', action: 'read' },
    { unit: 'cfs', action: 'write' },
  ],
  /** Spec 03 §7: deleting and restoring a person's submissions (a data-protection request). */
  cfsDelete: [
    { unit: 'cfs', action: 'read' },
    { unit: 'cfs', action: 'delete' },
  ],
  admin: [
    { unit: 'placemaker', action: 'read' },
    { unit: 'authorisation', action: 'read' },
    { unit: 'authorisation', action: 'write' },
    { unit: 'authorisation', action: 'delete' },
  ],
} as const satisfies Record<string, readonly Grant[]>;

export function hasGrants(granted: readonly Grant[], needed: readonly Grant[]): boolean {
  return needed.every((need) => granted.some((g) => g.unit === need.unit && g.action === need.action));
}
