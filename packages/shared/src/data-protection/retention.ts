import { z } from 'zod';

/**
 * Issue 26 point 5: retention. Each council keeps each kind of record for a period it sets (within
 * the bounds below); a daily job, a dry run or a run started by the data protection officer removes
 * what is older. One place for the server, the screen and the report.
 */
export const retentionRecordTypes = [
  'representations',
  'exports',
  'geodataUploads',
  'unattachedUploads',
  'quarantinedFiles',
  'auditLog',
] as const;
export const retentionRecordTypeSchema = z.enum(retentionRecordTypes);
export type RetentionRecordType = z.infer<typeof retentionRecordTypeSchema>;

export type RetentionRuleInfo = {
  label: string;
  unit: 'years' | 'days';
  /** When the period starts, as the screen and the report say it. */
  after: string;
  /** What a run does to a record past its period. */
  action: string;
  min: number;
  max: number;
  default: number;
};

/**
 * The defaults follow common UK council retention schedules: representations' personal data five
 * years after the plan is adopted (the plan's challenge and monitoring period, then its review);
 * the audit log six years (Limitation Act 1980); files nobody needs, days.
 */
export const retentionRuleInfo: Record<RetentionRecordType, RetentionRuleInfo> = {
  representations: {
    label: 'People who made representations',
    unit: 'years',
    after: 'after the plan’s adoption',
    action:
      'Names, email addresses, telephone numbers and addresses are removed; the representations’ text is kept as the consultation record.',
    min: 1,
    max: 20,
    default: 5,
  },
  exports: {
    label: 'Exports and finished background jobs',
    unit: 'days',
    after: 'after they finished',
    action:
      'Deleted with any file left in the exports bucket (subject access results and export requests included).',
    min: 1,
    max: 365,
    default: 30,
  },
  geodataUploads: {
    label: 'Uploaded geodata files',
    unit: 'days',
    after: 'after the upload',
    action: 'The stored file is deleted; layers imported from it stay.',
    min: 1,
    max: 365,
    default: 30,
  },
  unattachedUploads: {
    label: 'Uploaded files never attached, and deleted files',
    unit: 'days',
    after: 'after the upload or the deletion',
    action: 'The file and its record are deleted.',
    min: 1,
    max: 365,
    default: 7,
  },
  quarantinedFiles: {
    label: 'Quarantined files (a virus was found)',
    unit: 'days',
    after: 'after the scan',
    action: 'The file and its record are deleted.',
    min: 1,
    max: 365,
    default: 30,
  },
  auditLog: {
    label: 'Audit log entries',
    unit: 'years',
    after: 'after they were written',
    action: 'Deleted.',
    min: 1,
    max: 20,
    default: 6,
  },
};

export const retentionMessages = {
  outOfRange: (unit: 'years' | 'days', min: number, max: number) =>
    `Enter a whole number of ${unit} from ${min} to ${max}.`,
  saved: 'Retention rules saved.',
  started: {
    'dry-run': 'Dry run started: nothing will be deleted.',
    run: 'Retention run started.',
  },
  underWay: 'A retention run is already under way for this council.',
  notFound: 'No such retention run.',
  eventNotFound: 'Consultation event not found',
  adoptedInFuture: 'The adoption date cannot be in the future.',
  adoptionSaved: 'Adoption date saved.',
  notificationLabel: { 'dry-run': 'Retention dry run', run: 'Retention run' },
} as const;

const ruleValue = (type: RetentionRecordType) => {
  const { unit, min, max } = retentionRuleInfo[type];
  const message = retentionMessages.outOfRange(unit, min, max);
  return z.number(message).int(message).min(min, message).max(max, message);
};

/** A council's rules: a period per record type, and whether the daily job runs them. */
export const retentionRulesSchema = z.object({
  representations: ruleValue('representations'),
  exports: ruleValue('exports'),
  geodataUploads: ruleValue('geodataUploads'),
  unattachedUploads: ruleValue('unattachedUploads'),
  quarantinedFiles: ruleValue('quarantinedFiles'),
  auditLog: ruleValue('auditLog'),
  /** The daily run (worker processes, once a day per council); off, only runs started by hand. */
  scheduled: z.boolean('Say whether the rules run every day.'),
});
export type RetentionRules = z.infer<typeof retentionRulesSchema>;

export const defaultRetentionRules: RetentionRules = {
  ...(Object.fromEntries(
    retentionRecordTypes.map((type) => [type, retentionRuleInfo[type].default]),
  ) as Record<RetentionRecordType, number>),
  scheduled: true,
};

/** Stored rules over the defaults: a value missing or out of bounds (a type added later) is the default. */
export function rulesWithDefaults(stored: unknown): RetentionRules {
  const rules = { ...defaultRetentionRules };
  if (!stored || typeof stored !== 'object') return rules;
  const values = stored as Record<string, unknown>;
  for (const type of retentionRecordTypes) {
    const parsed = retentionRulesSchema.shape[type].safeParse(values[type]);
    if (parsed.success) rules[type] = parsed.data;
  }
  if (typeof values.scheduled === 'boolean') rules.scheduled = values.scheduled;
  return rules;
}

/** "5 years after the plan’s adoption": a rule as the screen and the report say it. */
export function retentionRuleText(type: RetentionRecordType, value: number): string {
  const { unit, after } = retentionRuleInfo[type];
  return `${value} ${value === 1 ? unit.slice(0, -1) : unit} ${after}`;
}

export const retentionModeSchema = z.enum(['dry-run', 'run']);
export type RetentionMode = z.infer<typeof retentionModeSchema>;
export const retentionTriggerSchema = z.enum(['manual', 'schedule']);

export const RETENTION_JOB = 'data-protection.retention';

/** Examples a record type shows in the report: ids and dates, never personal data. */
export const RETENTION_EXAMPLES = 5;

export const retentionReportItemSchema = z.object({
  type: retentionRecordTypeSchema,
  label: z.string(),
  rule: z.string(),
  /** Records older than this go (for representations: plans adopted before it). */
  cutoff: z.string(),
  /** Records past their period when the job looked. */
  found: z.number().int().nonnegative(),
  /** Records deleted or anonymised (0 on a dry run). */
  done: z.number().int().nonnegative(),
  /** Records that could not be removed (a file the store refused): tried again next run. */
  failed: z.number().int().nonnegative(),
  /** The oldest record's date (ISO), or null when none is found. */
  oldest: z.string().nullable(),
  examples: z.array(z.string()),
});
export type RetentionReportItem = z.infer<typeof retentionReportItemSchema>;

export const retentionReportSchema = z.object({
  mode: retentionModeSchema,
  trigger: retentionTriggerSchema,
  /** The clock the cut-offs were taken from. */
  asOf: z.string(),
  rules: retentionRulesSchema,
  items: z.array(retentionReportItemSchema),
});
export type RetentionReport = z.infer<typeof retentionReportSchema>;

/** GET /data-protection/retention: the rules, who changed them last, and the consultations' adoption dates. */
export const retentionSettingsSchema = z.object({
  rules: retentionRulesSchema,
  defaults: retentionRulesSchema,
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  consultations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      endsOn: z.string(),
      planAdoptedOn: z.string().nullable(),
      representationCount: z.number().int().nonnegative(),
    }),
  ),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const retentionAdoptionSchema = z.object({
  planAdoptedOn: z.iso.date('A date is YYYY-MM-DD').nullable(),
});

export const retentionStartSchema = z.object({ mode: retentionModeSchema });
export const retentionStartedSchema = z.object({ id: z.string(), message: z.string() });

const jobStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);

export const retentionRunSummarySchema = z.object({
  id: z.string(),
  mode: retentionModeSchema,
  trigger: retentionTriggerSchema,
  status: jobStatus,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Who started it; null for the daily run. */
  startedBy: z.string().nullable(),
  found: z.number().int().nullable(),
  done: z.number().int().nullable(),
});
export type RetentionRunSummary = z.infer<typeof retentionRunSummarySchema>;
export const retentionRunsSchema = z.object({ runs: z.array(retentionRunSummarySchema) });

export const retentionRunSchema = retentionRunSummarySchema.extend({
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  report: retentionReportSchema.nullable(),
  error: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;

export const retentionCsvColumns = [
  'Record type',
  'Rule',
  'Cut-off',
  'Past the rule',
  'Removed',
  'Failed',
  'Oldest',
  'Examples',
] as const;

export const retentionCsvFileName = (council: string, mode: RetentionMode, date: string) =>
  `retention-${mode}-${council}-${date}.csv`;
