/** The site record's limits and its messages (spec 01 §3-§5), apart from the record's schemas. */
export const SITE_RECORD_LIMITS = {
  noteMin: 3,
  noteMax: 10_000,
  /** Spec 01 §5 "Text inputs share a maximum length". */
  textMax: 2000,
  timelineDefault: 20,
  timelineMax: 100,
  siteNameMax: 200,
  reasonMax: 1000,
  bulkMax: 10_000,
} as const;

export const siteMessages = {
  notInRange: (min: number | null, max: number | null) => `Not in range ${min ?? '-∞'} - ${max ?? '∞'}`,
  /** Two officers must never silently overwrite each other (issue 11 point 1). */
  changedSinceRead:
    'This site was changed by someone else after you opened it. Reload the site to see their change, then edit again.',
  versionRequired: 'Send the version of the site you read (If-Match or version) with every edit',
  noteTooShort: `A note needs more than ${SITE_RECORD_LIMITS.noteMin - 1} characters`,
  noteNotYours: 'You can only edit your own notes',
  noteNotFound: 'This note does not exist',
  fieldUnknown: 'This site has no such field',
  fieldNotEditable: 'This field cannot be edited here',
  notANumber: 'Enter a number',
  wholeNumber: 'Enter a whole number',
  notAnOption: 'Choose one of the listed values',
  notADate:
    'Enter a date like 25 December 2026, December 25, 2026, 2026-12-25, 25/12/2026, 2026/12/25 or December 2026',
  textTooLong: `At most ${SITE_RECORD_LIMITS.textMax} characters`,
  notABoolean: 'Choose yes or no',
  overrideReasonRequired: 'Give a reason for overriding the value the council calculated',
  noOverride: 'This value is not overridden',
  polygonEmpty: 'Modified polygon does not contain geometries',
  selfIntersection: 'Self intersection errors have been detected in the polygon. Please draw again.',
  polygonErrorTitle: 'Polygon Error',
  overlap: 'The site overlaps an existing site, which this council does not allow. Please draw again.',
  siteNameRequired: 'Please enter site name',
  siteCreated: 'Site has been created',
  siteCreateFailed: 'Site has not been created.',
  fetchFailed: 'Failed fetching site details',
  relatedFailed: 'Failed to update related site',
  relatedToItself: 'A site cannot be related to itself',
  scenarioMissing: 'This site has no such scenario',
  typeDelete: 'DELETE',
  typeSave: 'SAVE',
} as const;
