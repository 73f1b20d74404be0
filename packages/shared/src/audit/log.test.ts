import { describe, expect, it } from 'vitest';
import { auditActionNames, auditActions } from './actions';
import { auditActionGroups, auditAreaOf, auditCsvFileName, auditLogQuerySchema } from './log';

describe('the audit action catalogue', () => {
  it('puts every action in exactly one named area, in the catalogue order', () => {
    const groups = auditActionGroups();
    expect(groups.flatMap((group) => group.actions.map((action) => action.value)).sort()).toEqual(
      [...auditActionNames].sort(),
    );
    for (const group of groups)
      for (const action of group.actions) expect(action.label).toBe(auditActions[action.value]);
    // A new prefix needs an area label (else it is shown by its key's prefix).
    const named = new Set(groups.map((group) => group.area));
    expect(named.has('Api key')).toBe(false);
    expect(auditAreaOf('api-key.create')).toBe('API keys');
    expect(auditAreaOf('new-thing.happen')).toBe('New thing');
  });

  it('labels every action once, with distinct labels', () => {
    const labels = Object.values(auditActions);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('the audit log query', () => {
  it('takes actions repeated or comma-separated, and pages of 50 by default', () => {
    expect(auditLogQuerySchema.parse({ action: 'role.create, role.delete' })).toMatchObject({
      action: ['role.create', 'role.delete'],
      page: 1,
      pageSize: 50,
    });
    expect(auditLogQuerySchema.parse({ action: ['role.create', 'user.invite'] }).action).toEqual([
      'role.create',
      'user.invite',
    ]);
  });

  it('refuses unknown actions, bad days and a range the wrong way round', () => {
    expect(auditLogQuerySchema.safeParse({ action: 'role.nothing' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ from: '2026-02-30x' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
  });

  it('names the CSV after the council and the day, safely', () => {
    expect(auditCsvFileName('demo', '2026-11-25')).toBe('audit-log-demo-2026-11-25.csv');
    expect(auditCsvFileName('a/../b', '2026-11-25')).toBe('audit-log-a_b-2026-11-25.csv');
  });
});
