import { describe, expect, it } from 'vitest';
import { documentOutline, sectionAnchor, type DocumentConfig } from '@planning/shared';
import { documentLayoutClass, headingLinkUrl, pageHeroId } from './sections';

const config = (hide = false) =>
  ({
    root: 'root',
    documentSettings: { hideSectionNumberings: hide },
    entities: {
      root: { id: 'root', type: 'section', title: 'Plan', childSectionIds: ['hero', 'a', 'text', 'b'] },
      hero: { id: 'hero', type: 'hero', title: 'Plan' },
      a: { id: 'a', type: 'section', title: 'Vision', childSectionIds: ['a1', 'a-text', 'a2'] },
      a1: { id: 'a1', type: 'subSection', title: 'Homes' },
      'a-text': { id: 'a-text', type: 'divider' },
      a2: { id: 'a2', type: 'subSection', title: 'Jobs', childSectionIds: ['a2x'] },
      a2x: { id: 'a2x', type: 'subSection', title: 'Offices' },
      text: { id: 'text', type: 'divider' },
      b: { id: 'b', type: 'section', title: 'Sites' },
    },
  }) as unknown as DocumentConfig;

describe('section anchors (spec 02 §2: a hash of the section id)', () => {
  it('are short, stable and differ between ids', () => {
    expect(sectionAnchor('intro')).toMatch(/^section-[0-9a-f]{8}$/);
    expect(sectionAnchor('intro')).toBe(sectionAnchor('intro'));
    expect(sectionAnchor('intro')).not.toBe(sectionAnchor('intro2'));
    // FNV-1a of the empty string is its offset basis.
    expect(sectionAnchor('')).toBe('section-811c9dc5');
  });

  it('make the copied heading link: the page address with the anchor in place of any other', () => {
    expect(headingLinkUrl('https://plan.test/p/document/1?share=t#old', 'section-0a0b0c0d')).toBe(
      'https://plan.test/p/document/1?share=t#section-0a0b0c0d',
    );
  });
});

describe('hierarchical numbering (spec 02 §2)', () => {
  it("numbers sections '1', '2' and sub-sections '1.1', '1.2', '1.2.1' in reading order, skipping blocks", () => {
    expect(documentOutline(config()).map((entry) => [entry.number, entry.title, entry.depth])).toEqual([
      ['1', 'Vision', 0],
      ['1.1', 'Homes', 1],
      ['1.2', 'Jobs', 1],
      ['1.2.1', 'Offices', 2],
      ['2', 'Sites', 0],
    ]);
  });

  it('shows no numbers with documentSettings.hideSectionNumberings, and keeps the anchors', () => {
    const outline = documentOutline(config(true));
    expect(outline.map((entry) => entry.number)).toEqual([null, null, null, null, null]);
    expect(outline[0]!.anchor).toBe(sectionAnchor('a'));
  });
});

describe('the page heading', () => {
  it('is the opening hero’s title: the config’s heroSection, else the first hero of the root', () => {
    expect(pageHeroId(config())).toBe('hero');
    const named = { ...config(), heroSection: 'hero' };
    expect(pageHeroId(named)).toBe('hero');
    const none = config();
    none.entities['root']!.childSectionIds = ['a'];
    expect(pageHeroId(none)).toBeNull();
  });
});

describe('the document layout', () => {
  it('gives a document with no section headings the full width, not a 260 px column beside nothing', () => {
    expect(documentLayoutClass(false)).toContain('public-document--single');
    expect(documentLayoutClass(true)).not.toContain('public-document--single');
  });
});
