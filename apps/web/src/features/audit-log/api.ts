import { auditLogPageSchema, type AuditLogQuery } from '@planning/shared';
import { api, downloadFile } from '../../api/client';

/** The audit log's calls (apps/server/src/modules/audit/audit.routes.ts). */
export const auditLogQueryKeys = {
  all: ['audit-log'] as const,
  page: (query: AuditLogQuery) => ['audit-log', 'page', query] as const,
};

type Query = Record<string, string | number | undefined>;

/** The query string as the server reads it: several actions as one comma-separated value. */
function wire(query: AuditLogQuery): Query {
  const { action, ...rest } = query;
  return { ...rest, action: Array.isArray(action) && action.length > 0 ? action.join(',') : undefined };
}

export function fetchAuditLog(query: AuditLogQuery, signal?: AbortSignal) {
  return api.get('/admin/audit-log', auditLogPageSchema, { query: wire(query), signal });
}

/** The log as CSV with the page's filters (every page of them); the export is itself recorded. */
export function downloadAuditCsv(query: AuditLogQuery) {
  const filter = { ...query };
  delete filter.page;
  delete filter.pageSize;
  return downloadFile('/admin/audit-log/export.csv', 'audit-log.csv', { query: wire(filter) });
}
