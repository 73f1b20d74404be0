import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './randomUuid';

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes version 4 UUIDs on a plain-HTTP page, where crypto.randomUUID is missing', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const ids = Array.from({ length: 200 }, randomUuid);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses the browser's own where there is one", () => {
    vi.stubGlobal('crypto', { randomUUID: () => '00000000-0000-4000-8000-000000000001' });
    expect(randomUuid()).toBe('00000000-0000-4000-8000-000000000001');
  });
});
