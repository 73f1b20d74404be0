import { describe, expect, it } from 'vitest';
import { findConfigLinks, resolveConfigLinks } from './links';
import { CONFIG_LINK_DEPTH_LIMIT } from './types';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const link = (id: string, table = 'configs') => ({ type: 'LINK_TO_CONFIG', id, table });

/** A loader over a map of id → document, counting loads. */
function store(documents: Record<string, unknown>) {
  const loads: string[] = [];
  return {
    loads,
    load: async ({ id }: { id: string }) => {
      loads.push(id);
      return documents[id] ?? null;
    },
  };
}

describe('config links (spec 03 §3.1, §5)', () => {
  it('replaces a link anywhere in the document, recursively', async () => {
    const { load } = store({
      [A]: { title: 'From A', nested: link(B) },
      [B]: ['from', 'B'],
    });
    const result = await resolveConfigLinks({ filters: [1, link(A)], other: { deep: link(B) } }, load);
    expect(result).toEqual({
      ok: true,
      document: { filters: [1, { title: 'From A', nested: ['from', 'B'] }], other: { deep: ['from', 'B'] } },
      linked: [A, B],
    });
  });

  it('loads each target once', async () => {
    const { load, loads } = store({ [A]: 'a' });
    await resolveConfigLinks([link(A), link(A), { x: link(A) }], load);
    expect(loads).toEqual([A]);
  });

  it('reports a cycle and never loops', async () => {
    const { load } = store({ [A]: { next: link(B) }, [B]: { back: link(A) } });
    const result = await resolveConfigLinks({ start: link(A) }, load);
    expect(result).toEqual({ ok: false, message: `Config link cycle: ${A} → ${B} → ${A}`, path: 'start' });
  });

  it('counts a link back to the document itself as a cycle', async () => {
    const { load } = store({ [B]: { back: link(C) } });
    const result = await resolveConfigLinks({ x: [link(B)] }, load, { rootId: C });
    expect(result).toEqual({ ok: false, message: `Config link cycle: ${C} → ${B} → ${C}`, path: 'x.0' });
    const self = await resolveConfigLinks({ me: link(C) }, load, { rootId: C });
    expect(self).toMatchObject({ ok: false, message: `Config link cycle: ${C} → ${C}` });
  });

  it('reports a missing target with its id', async () => {
    const { load } = store({ [A]: { inner: link(C) } });
    const result = await resolveConfigLinks({ a: link(A) }, load);
    expect(result).toEqual({ ok: false, message: `Config does not exist: ${C}`, path: 'a' });
  });

  it('reports a malformed link, and links nested too deep', async () => {
    const { load } = store({});
    expect(
      await resolveConfigLinks({ a: { type: 'LINK_TO_CONFIG', id: 'x', table: 'nowhere' } }, load),
    ).toMatchObject({
      ok: false,
      message: 'A config link needs type LINK_TO_CONFIG, a config id and a table',
      path: 'a',
    });
    const ids = Array.from(
      { length: CONFIG_LINK_DEPTH_LIMIT + 2 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const chain = Object.fromEntries(
      ids.map((id, i) => [id, i + 1 < ids.length ? link(ids[i + 1]!) : 'end']),
    );
    const deep = await resolveConfigLinks(link(ids[0]!), store(chain).load);
    expect(deep).toMatchObject({
      ok: false,
      message: `Config links are nested more than ${CONFIG_LINK_DEPTH_LIMIT} deep`,
    });
    // Within the limit it resolves.
    const shallow = await resolveConfigLinks(link(ids[ids.length - 3]!), store(chain).load);
    expect(shallow).toMatchObject({ ok: true, document: 'end' });
  });

  it('leaves a document without links as it is, and finds the links of one', async () => {
    const { load } = store({});
    expect(await resolveConfigLinks({ a: [1, 'two', null] }, load)).toEqual({
      ok: true,
      document: { a: [1, 'two', null] },
      linked: [],
    });
    expect(findConfigLinks({ a: [link(A)], b: link(B, 'immutable_configs') })).toEqual([
      { path: 'a.0', link: link(A) },
      { path: 'b', link: link(B, 'immutable_configs') },
    ]);
  });
});
