import { z } from 'zod';

/** Spec 01 §6: the units access is checked on, and the three actions. */
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
] as const;
export const accessUnitSchema = z.enum(accessUnits);
export type AccessUnit = z.infer<typeof accessUnitSchema>;

export const accessActions = ['read', 'write', 'delete'] as const;
export const accessActionSchema = z.enum(accessActions);
export type AccessAction = z.infer<typeof accessActionSchema>;

export const accessQuerySchema = z.object({ resource: accessUnitSchema, action: accessActionSchema });
export const accessAnswerSchema = z.object({
  resource: accessUnitSchema,
  action: accessActionSchema,
  permitted: z.boolean(),
});

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
