import { describe, expect, it } from 'vitest';
import { validateConfig } from '@planning/shared';
import {
  appendAt,
  formatConfig,
  getIn,
  issuesOf,
  locatePath,
  moveAt,
  parseConfigText,
  removeAt,
  setIn,
} from './configJson';

const document = {
  filters: [
    { type: 'checkbox', dbPropertyName: 'brownfield', label: 'Brownfield' },
    { type: 'number', dbPropertyName: 'capacity', label: 'Capacity', min: 0, max: 500, equality: 'GE' },
  ],
};

describe('the JSON text of a draft', () => {
  it('formats with two spaces and parses back to the same value', () => {
    const text = formatConfig(document);
    expect(text.split('\n')[1]).toBe('  "filters": [');
    expect(parseConfigText(text)).toEqual({ ok: true, value: document });
  });

  it('says where text stops being JSON', () => {
    const text = '{\n  "filters": [,]\n}';
    const parsed = parseConfigText(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toMatch(/^The JSON is not valid: /);
    // The stray comma, whichever engine's message is read.
    expect(text[parsed.offset]).toBe(',');
  });

  it('marks a trailing comma and an unfinished document inside the text', () => {
    for (const text of ['{"a": 1,}', '{"a": [1, 2', '']) {
      const parsed = parseConfigText(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.offset).toBeLessThanOrEqual(text.length);
    }
  });
});

describe('where a problem sits in the text', () => {
  const text = formatConfig(document);

  it('marks a member from its key to the end of its value', () => {
    const range = locatePath(text, 'filters.1.min');
    expect(text.slice(range.from, range.to)).toBe('"min": 0');
  });

  it('marks the first line of an object, not all of it', () => {
    const range = locatePath(text, 'filters.1');
    expect(text.slice(range.from, range.to)).toBe('{');
  });

  it('marks the nearest parent of a missing member', () => {
    const range = locatePath(text, 'filters.0.placeholder');
    expect(text.slice(range.from, range.to)).toBe('{');
    expect(range.from).toBe(locatePath(text, 'filters.0').from);
  });

  it('marks the document for a problem with no path, and survives broken text', () => {
    expect(locatePath(text, '')).toEqual({ from: 0, to: 1 });
    expect(locatePath('{"a": [1, ', 'a.0')).toEqual({ from: 7, to: 8 });
  });

  it('reads zod issue paths as the panel writes them', () => {
    expect(issuesOf([{ path: ['filters', 2, 'min'], message: 'Required' }])).toEqual([
      { path: 'filters.2.min', message: 'Required' },
    ]);
  });
});

describe('changes the form makes', () => {
  it('sets a value deep inside without touching the original', () => {
    const next = setIn(document, ['filters', 1, 'equality'], 'LE');
    expect(getIn(next, ['filters', 1, 'equality'])).toBe('LE');
    expect(document.filters[1]?.equality).toBe('GE');
    expect(getIn(next, ['filters', 0])).toBe(document.filters[0]);
  });

  it('removes an optional setting left empty', () => {
    const next = setIn(document, ['filters', 0, 'label'], undefined);
    expect(getIn(next, ['filters', 0])).toEqual({ type: 'checkbox', dbPropertyName: 'brownfield' });
  });

  it('makes the parents a new setting needs', () => {
    expect(setIn({}, ['formatting', 'decimals'], 2)).toEqual({ formatting: { decimals: 2 } });
    expect(setIn(undefined, ['elements', 0, 'label'], 'Area')).toEqual({ elements: [{ label: 'Area' }] });
  });

  it('adds, removes and moves items of a list', () => {
    const added = appendAt(document, ['filters'], { type: 'text' });
    expect(getIn(added, ['filters', 2])).toEqual({ type: 'text' });
    expect(getIn(removeAt(added, ['filters'], 0), ['filters', 0])).toBe(document.filters[1]);
    const moved = moveAt(document, ['filters'], 1, -1);
    expect(getIn(moved, ['filters', 0])).toBe(document.filters[1]);
    // Past either end nothing moves.
    expect(moveAt(document, ['filters'], 0, -1)).toBe(document);
    expect(moveAt(document, ['filters'], 1, 1)).toBe(document);
  });

  it('round-trips: what the form sets is what the JSON shows', () => {
    const next = setIn(document, ['filters', 1, 'max'], 750);
    expect(parseConfigText(formatConfig(next))).toEqual({ ok: true, value: next });
    expect(formatConfig(next)).toContain('"max": 750');
  });
});

describe('the shared schema’s problems on the text', () => {
  it('marks each problem validateConfig finds where it is', () => {
    const broken = {
      filters: [
        { type: 'text', dbPropertyName: 'site_name', label: 'Site name' },
        {
          type: 'number',
          dbPropertyName: 'capacity',
          label: 'Capacity',
          min: 0,
          max: 'many',
          equality: 'GE',
        },
      ],
    };
    const text = formatConfig(broken);
    const result = validateConfig('site-search', broken);
    expect(result.valid).toBe(false);
    const marked = result.issues.map((issue) => {
      const range = locatePath(text, issue.path);
      return [issue.path, text.slice(range.from, range.to)];
    });
    // Spec 03 §5: a text filter needs a placeholder (marked on its filter); the number's maximum.
    expect(marked).toContainEqual(['filters.0.placeholder', '{']);
    expect(marked).toContainEqual(['filters.1.max', '"max": "many"']);
  });
});
