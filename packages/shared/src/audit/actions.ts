import { z } from 'zod';

/**
 * Issue 16 point 5: what the audit log records. The key is stored in `audit_log.action`; the label
 * is what a council's administrator reads and filters by. One list, so the viewer's filter, the
 * CSV and the server's recorder agree.
 */
export const auditActions = {
  'config.create': 'Config created',
  'config.update': 'Config changed',
  'config.delete': 'Config deleted',
  'config.restore': 'Config restored',
  'config.rollback': 'Config rolled back',
  'config-template.create': 'Config template created',
  'config-template.delete': 'Config template deleted',
  'role.create': 'Role created',
  'role.rename': 'Role renamed',
  'role.grant': 'Permission granted',
  'role.revoke': 'Permission revoked',
  'role.delete': 'Role deleted',
  'user.invite': 'User invited',
  'user.role-change': 'User role changed',
  'user.disable': 'User disabled',
  'user.enable': 'User enabled',
  'user.delete': 'User deleted',
  'user.sessions-end': 'Sessions ended',
  'public-user.verify': 'Consultation account verified',
  'public-user.delete': 'Consultation account deleted',
  'public-user.records-delete': 'Consultation responses deleted',
  'tenant.settings': 'Council settings changed',
  'tenant.logo': 'Council logo changed',
  'tenant.flags': 'Feature flags changed',
  'tenant.maintenance': 'Maintenance changed',
  'tenant.create': 'Council created',
  'auth.admin-sign-in': 'Administrator signed in',
  'auth.sign-out-everywhere': 'Signed out everywhere',
  'event.create': 'Event created',
  'event.update': 'Event changed',
  'event.cancel': 'Event cancelled',
  'policy.update': 'Privacy policy changed',
  'layout.update': 'Default site layout changed',
  'suggestion.redact': 'Submission redacted',
  'layer-config.update': 'Layer config changed',
  'geodata.upload': 'Geodata uploaded',
  'geodata.import': 'Geodata import started',
  'geodata.delete': 'Geodata upload deleted',
  'layer.rename': 'Layer renamed',
  'layer.update': 'Layer changed',
  'layer.delete': 'Layer deleted',
  'layer-theme.create': 'Layer theme created',
  'layer-theme.update': 'Layer theme changed',
  'layer-theme.delete': 'Layer theme deleted',
  'basemap.create': 'Base map added',
  'basemap.rename': 'Base map renamed',
  'basemap.delete': 'Base map removed',
  'api-key.create': 'API key created',
  'api-key.revoke': 'API key revoked',
  'export.sites': 'Sites exported',
  'export.analysis': 'Analysis exported',
  'export.statement': 'Consultation statement exported',
  'export.document': 'Document exported',
  'export.audit-log': 'Audit log exported',
  'data-protection.subject-access': 'Subject access request made',
  'data-protection.allow-list': 'Allow list changed',
  'data-protection.privacy-notice': 'Privacy notice published',
} as const;
export type AuditAction = keyof typeof auditActions;
export const auditActionNames = Object.keys(auditActions) as AuditAction[];
export const auditActionSchema = z.enum(auditActionNames as [AuditAction, ...AuditAction[]]);

/** A row as the viewer and the CSV show it. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
  actorUserId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: auditActionSchema,
  actionLabel: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
