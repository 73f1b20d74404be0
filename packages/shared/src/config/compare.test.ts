import { describe, expect, it } from 'vitest';
import { compareConfigs, diffJson, summariseChanges } from './compare';

describe('config comparison (spec 03 §4, §8)', () => {
  it('says when either config is missing', () => {
    expect(compareConfigs(undefined, { a: 1 })).toEqual({
      status: 'initial-missing',
      message: 'Initial config is missing',
      changes: [],
    });
    expect(compareConfigs({ a: 1 }, null)).toEqual({
      status: 'current-missing',
      message: 'Current config is missing',
      changes: [],
    });
  });

  it('says when the configs are equal, key order aside', () => {
    expect(compareConfigs({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual({
      status: 'equal',
      message: 'Configs are equal',
      changes: [],
    });
  });

  it('says when the editor config is invalid', () => {
    expect(compareConfigs({ a: 1 }, { a: 2 }, { valid: false })).toMatchObject({
      status: 'invalid',
      message: 'Editor config is invalid',
    });
  });

  it('lists what was added, removed and changed, with paths', () => {
    const initial = { filters: [{ label: 'Name' }], title: 'Old', gone: true };
    const current = { filters: [{ label: 'Site name' }, { label: 'Area' }], title: 'Old', extra: { x: 1 } };
    const result = compareConfigs(initial, current);
    expect(result.status).toBe('different');
    expect(result.message).toBe('4 changes');
    expect(result.changes).toEqual([
      { path: 'filters.0.label', kind: 'changed', before: 'Name', after: 'Site name' },
      { path: 'filters.1', kind: 'added', before: undefined, after: { label: 'Area' } },
      { path: 'gone', kind: 'removed', before: true, after: undefined },
      { path: 'extra', kind: 'added', before: undefined, after: { x: 1 } },
    ]);
  });

  it('treats a change of kind as one change', () => {
    expect(diffJson({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { path: 'a', kind: 'changed', before: [1], after: { 0: 1 } },
    ]);
    expect(diffJson([1, 2, 3], [1])).toEqual([
      { path: '1', kind: 'removed', before: 2, after: undefined },
      { path: '2', kind: 'removed', before: 3, after: undefined },
    ]);
    expect(diffJson('a', 'b')).toEqual([{ path: '', kind: 'changed', before: 'a', after: 'b' }]);
  });

  it('sums changes up in one line', () => {
    const changes = diffJson({ a: 1, b: 2 }, { a: 2, c: 3 });
    expect(summariseChanges(changes)).toBe('a changed, b removed, c added');
    expect(summariseChanges([])).toBe('no changes');
    expect(summariseChanges(changes, 1)).toBe('a changed and 2 more');
  });
});
