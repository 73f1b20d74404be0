import { featureAccess, hasGrants, type Grant } from '../access/grants';

/** The pairs of `wanted` that `held` lacks: no one may grant more than they hold (issue 16 point 6). */
export function grantsBeyond(held: readonly Grant[], wanted: readonly Grant[]): Grant[] {
  return wanted.filter((grant) => !hasGrants(held, [grant]));
}

/** Whether grants make their holder an administrator (spec 01 §6: the admin menu's grants). */
export function isAdministratorGrants(grants: readonly Grant[]): boolean {
  return hasGrants(grants, featureAccess.admin);
}

/** Labels of the grants matrix. */
export const accessUnitLabels = {
  placemaker: 'Placemaker',
  consultations: 'Consultations',
  sites: 'Sites',
  'site-lists': 'Site lists',
  authorisation: 'Authorisation (roles and users)',
  'dev-features': 'Features in development',
  'personal-data': 'Personal data (responses as received, before redaction)',
  'data-protection': 'Data protection (register, subject access, retention, erasure)',
  cfs: 'Calls for sites (review submissions, accept, reject)',
} as const;
export const accessActionLabels = { read: 'Read', write: 'Write', delete: 'Delete' } as const;
