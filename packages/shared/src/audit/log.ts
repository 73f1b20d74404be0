import { z } from 'zod';
import {
  auditActionNames,
  auditActions,
  auditActionSchema,
  auditEntrySchema,
  type AuditAction,
} from './actions';

/** Issue 16 point 5: the audit log viewer and its CSV. */
export const AUDIT_LOG_LIMITS = {
  pageSize: 50,
  pageSizeMax: 200,
  /** Rows one CSV holds at most (the newest first); narrow the filters for older ones. */
  csvMaxRows: 100_000,
  textMax: 200,
} as const;

export const auditLogMessages = {
  title: 'Audit log',
  intro:
    "Every change to this council's administration, configuration, roles and users, every sign-in as an administrator and every export: who, when, what and from where. Entries cannot be changed or removed.",
  empty: 'No audit entries match these filters.',
  emptyUnfiltered: 'Nothing has been recorded yet.',
  loadFailed: 'The audit log could not be loaded.',
  exportCsv: 'Export CSV',
  exportFailed: 'The audit log could not be exported.',
  badDateRange: 'The start date must be on or before the end date.',
  badDate: 'Dates are written as YYYY-MM-DD.',
  unknownAction: 'Choose actions from the list.',
  clearFilters: 'Clear filters',
} as const;

/** The areas the action filter groups its actions by: the part of the key before the first dot. */
const areaLabels: Record<string, string> = {
  config: 'Configs',
  'config-template': 'Configs',
  role: 'Roles',
  user: 'Users',
  'public-user': 'Users',
  tenant: 'Council settings',
  auth: 'Sign-in',
  event: 'Events',
  'cfs-call': 'Calls for sites',
  'cfs-submission': 'Calls for sites',
  policy: 'Content',
  layout: 'Content',
  suggestion: 'Content',
  'layer-config': 'Layers and geodata',
  geodata: 'Layers and geodata',
  layer: 'Layers and geodata',
  'layer-theme': 'Layers and geodata',
  basemap: 'Base maps',
  'api-key': 'API keys',
  export: 'Exports',
};

export function auditAreaOf(action: string): string {
  const prefix = action.split('.')[0] ?? action;
  return areaLabels[prefix] ?? prefix.charAt(0).toUpperCase() + prefix.slice(1).replace(/-/g, ' ');
}

/** The catalogue grouped by area, in the catalogue's order: the viewer's action filter. */
export function auditActionGroups(): { area: string; actions: { value: AuditAction; label: string }[] }[] {
  const groups = new Map<string, { value: AuditAction; label: string }[]>();
  for (const action of auditActionNames) {
    const area = auditAreaOf(action);
    const list = groups.get(area) ?? [];
    list.push({ value: action, label: auditActions[action] });
    groups.set(area, list);
  }
  return [...groups].map(([area, actions]) => ({ area, actions }));
}

const day = z.iso.date(auditLogMessages.badDate);
const text = z.string().trim().max(AUDIT_LOG_LIMITS.textMax);
/** A query string's list: `action=a&action=b` or `action=a,b`. */
const actionList = z.preprocess(
  (value) => {
    const items: unknown[] | null = Array.isArray(value) ? value : typeof value === 'string' ? [value] : null;
    if (!items) return value;
    return items
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== '');
  },
  z.array(auditActionSchema, { error: auditLogMessages.unknownAction }).max(auditActionNames.length),
);

const filterFields = {
  action: actionList.optional(),
  /** A user id, or part of an email address. */
  actor: text.optional(),
  targetType: text.optional(),
  targetId: text.optional(),
  /** Days in the council's time (Europe/London), both included. */
  from: day.optional(),
  to: day.optional(),
  /** Words in the summary. */
  q: text.optional(),
};
const datesInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const dateOrder = { message: auditLogMessages.badDateRange, path: ['to'] };

/** The filters, shared by the list and the CSV. */
export const auditLogFilterSchema = z.object(filterFields).refine(datesInOrder, dateOrder);
export type AuditLogFilter = z.output<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = z
  .object({
    ...filterFields,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(AUDIT_LOG_LIMITS.pageSizeMax)
      .default(AUDIT_LOG_LIMITS.pageSize),
  })
  .refine(datesInOrder, dateOrder);
/** The query as a client writes it (the server also takes `action` as one comma-separated value). */
export type AuditLogQuery = {
  action?: AuditAction[];
  actor?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
  pageSize?: number;
};
export type AuditLogQueryValues = z.output<typeof auditLogQuerySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The CSV's columns, in order. */
export const auditCsvColumns = [
  'When (UK time)',
  'Who',
  'User id',
  'Action',
  'Action label',
  'Target type',
  'Target id',
  'Summary',
  'From (IP)',
  'Browser',
  'Details',
] as const;

/** `audit-log-<council>-<YYYY-MM-DD>.csv` */
export const auditCsvFileName = (council: string, date: string) =>
  `audit-log-${council.replace(/[^A-Za-z0-9_-]+/g, '_')}-${date}.csv`;
