import { describe, expect, it } from 'vitest';
import { detailRows, hasFilters, queryOf, showValue, withFilter } from './auditLogAddress';

describe('the audit log address', () => {
  it('reads the filters it holds and leaves out what cannot be right', () => {
    const params = new URLSearchParams(
      'action=api-key.create,nothing.at-all,role.create,api-key.create&actor= ann &q=&from=2026-01-02&to=2026-01-01&page=3',
    );
    expect(queryOf(params)).toEqual({
      action: ['api-key.create', 'role.create'],
      actor: 'ann',
      from: '2026-01-02',
      page: 3,
    });
    expect(queryOf(new URLSearchParams('from=yesterday&page=-1&targetId=r1'))).toEqual({ targetId: 'r1' });
  });

  it('starts again at the first page when a filter changes, and keeps the others', () => {
    const params = new URLSearchParams('actor=ann&page=4');
    expect(withFilter(params, 'action', ['role.create', 'role.delete']).toString()).toBe(
      'actor=ann&action=role.create%2Crole.delete',
    );
    expect(withFilter(params, 'actor', '').toString()).toBe('');
    expect(withFilter(params, 'page', '2').toString()).toBe('actor=ann&page=2');
    expect(withFilter(params, 'page', '1').toString()).toBe('actor=ann');
  });

  it('knows when a filter is chosen', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ page: 2 })).toBe(false);
    expect(hasFilters({ action: [] })).toBe(false);
    expect(hasFilters({ to: '2026-01-01' })).toBe(true);
  });

  it('shows details as before and after, and the rest as they are', () => {
    expect(detailRows({ before: { name: 'A' }, after: { name: 'B', tags: ['x'] }, rows: 3 })).toEqual({
      changes: [
        { field: 'name', before: 'A', after: 'B' },
        { field: 'tags', before: undefined, after: ['x'] },
      ],
      rest: { rows: 3 },
    });
    expect(detailRows({ filter: { q: 'x' } })).toEqual({ changes: [], rest: { filter: { q: 'x' } } });
    expect([null, '', 'a', 3, false, ['x'], { a: 1 }].map(showValue)).toEqual([
      '—',
      '—',
      'a',
      '3',
      'false',
      '["x"]',
      '{"a":1}',
    ]);
  });
});
