import { describe, expect, it } from 'vitest';
import { documentConfigSchema, type DocumentConfig } from '@planning/shared';
import {
  addBlock,
  addSection,
  blockTypes,
  childBlocks,
  childSections,
  deleteEntity,
  duplicateBlock,
  extractTemplate,
  insertTemplate,
  moveAmongKind,
  moveBy,
  moveSectionInto,
  moveToSection,
  renameSection,
  sectionNumbers,
  sectionTargets,
  setHideNumbering,
} from './configOps';
import { closeGroup, commit, HISTORY_LIMIT, redo, startHistory, undo } from './history';

const blank = (): DocumentConfig => ({
  root: 'root',
  heroSection: null,
  initialSection: 'root',
  documentSettings: { hideSectionNumberings: false },
  entities: { root: { id: 'root', type: 'section', title: 'Plan', childSectionIds: [] } },
});

/** Root with sections A and B; A holds two blocks and a sub-section between them. */
function sample() {
  let config = blank();
  const a = addSection(config, 'root', 'A');
  const b = addSection(a.config, 'root', 'B');
  const text = addBlock(b.config, a.id, 'textBlock');
  const sub = addSection(text.config, a.id, 'A sub');
  const divider = addBlock(sub.config, a.id, 'divider');
  // A config may hold a sub-section between blocks (the builder adds blocks before sub-sections).
  config = {
    ...divider.config,
    entities: {
      ...divider.config.entities,
      [a.id]: { ...divider.config.entities[a.id]!, childSectionIds: [text.id, sub.id, divider.id] },
    },
  };
  return { config, a: a.id, b: b.id, text: text.id, sub: sub.id, divider: divider.id };
}

describe('sections', () => {
  it('adds sections under the root and sub-sections under a section, numbered 1, 1.1', () => {
    const { config, a, b, sub } = sample();
    expect(config.entities[a]!.type).toBe('section');
    expect(config.entities[sub]!.type).toBe('subSection');
    expect(childSections(config, 'root')).toEqual([a, b]);
    const numbers = sectionNumbers(config);
    expect([numbers.get(a), numbers.get(sub), numbers.get(b)]).toEqual(['1', '1.1', '2']);
    expect(sectionNumbers(setHideNumbering(config, true)).size).toBe(0);
    expect(documentConfigSchema.safeParse(config).success).toBe(true);
  });

  it('renames, and moves a section among sections only, by index and by one step', () => {
    const { config, a, b } = sample();
    expect(renameSection(config, a, 'Vision').entities[a]).toMatchObject({ title: 'Vision' });
    const moved = moveBy(config, b, -1);
    expect(childSections(moved, 'root')).toEqual([b, a]);
    expect(sectionNumbers(moved).get(b)).toBe('1');
    expect(moveAmongKind(config, a, 5).entities.root!.childSectionIds).toEqual([b, a]);
    // The first cannot go further up.
    expect(moveBy(config, a, -1)).toBe(config);
  });

  it('deletes a section with everything it holds, never the root', () => {
    const { config, a, b, text, sub, divider } = sample();
    const next = deleteEntity(config, a);
    expect(Object.keys(next.entities).sort()).toEqual(['root', b].sort());
    for (const gone of [text, sub, divider]) expect(next.entities[gone]).toBeUndefined();
    expect(deleteEntity(config, 'root')).toBe(config);
    expect(documentConfigSchema.safeParse(next).success).toBe(true);
  });
});

describe('moving a sub-section into another section', () => {
  /** The sample, with a block and a sub-section inside A's sub-section. */
  function deeper() {
    const { config, ...ids } = sample();
    const block = addBlock(config, ids.sub, 'divider');
    const inner = addSection(block.config, ids.sub, 'A sub inner');
    return { ...ids, config: inner.config, subBlock: block.id, inner: inner.id };
  }

  it('moves it with all it holds to the end of the other section, numbered there', () => {
    const { config, a, b, text, sub, divider, subBlock, inner } = deeper();
    const moved = moveSectionInto(config, sub, b);
    expect(moved.entities[a]!.childSectionIds).toEqual([text, divider]);
    expect(moved.entities[b]!.childSectionIds).toEqual([sub]);
    expect(moved.entities[sub]).toEqual(config.entities[sub]);
    expect(moved.entities[sub]!.childSectionIds).toEqual([subBlock, inner]);
    const numbers = sectionNumbers(moved);
    expect([numbers.get(a), numbers.get(b), numbers.get(sub), numbers.get(inner)]).toEqual([
      '1',
      '2',
      '2.1',
      '2.1.1',
    ]);
    expect(documentConfigSchema.safeParse(moved).success).toBe(true);
    // The config it was given is left as it was (the undo history keeps it).
    expect(config.entities[a]!.childSectionIds).toEqual([text, sub, divider]);
  });

  it('offers every section but its own parent, itself and what it holds, in reading order', () => {
    const { config, a, b, sub, inner } = deeper();
    const c = addSection(config, 'root', 'C');
    expect(sectionTargets(c.config, sub)).toEqual([b, c.id]);
    // A sub-section of a sub-section may go up to a section, or across.
    expect(sectionTargets(c.config, inner)).toEqual([a, b, c.id]);
    // Sections, blocks, the root and unknown ids move nowhere.
    for (const id of [a, b, 'root', 'nowhere']) expect(sectionTargets(c.config, id)).toEqual([]);
  });

  it('never moves a section, nor into the root, a block, its parent, itself or what it holds', () => {
    const { config, a, b, text, sub, inner } = deeper();
    const carousel = addBlock(config, b, 'carouselSection');
    const refused: Array<[string, string]> = [
      [a, b],
      [b, sub],
      [sub, 'root'],
      [sub, text],
      [sub, carousel.id],
      [sub, a],
      [sub, sub],
      [sub, inner],
      ['nowhere', b],
      [sub, 'nowhere'],
    ];
    for (const [id, target] of refused)
      expect(moveSectionInto(carousel.config, id, target), `${id} into ${target}`).toBe(carousel.config);
  });

  it('puts it at a position among the sub-sections, the blocks keeping their places', () => {
    const { config, b, sub } = sample();
    const first = addSection(config, b, 'B one');
    const block = addBlock(first.config, b, 'divider');
    const second = addSection(block.config, b, 'B two');
    // A block between the two sub-sections, as a config may hold it.
    const start = {
      ...second.config,
      entities: {
        ...second.config.entities,
        [b]: { ...second.config.entities[b]!, childSectionIds: [first.id, block.id, second.id] },
      },
    };
    expect(moveSectionInto(start, sub, b, 0).entities[b]!.childSectionIds).toEqual([
      sub,
      first.id,
      block.id,
      second.id,
    ]);
    expect(moveSectionInto(start, sub, b, 1).entities[b]!.childSectionIds).toEqual([
      first.id,
      block.id,
      sub,
      second.id,
    ]);
    expect(moveSectionInto(start, sub, b, 9).entities[b]!.childSectionIds).toEqual([
      first.id,
      block.id,
      second.id,
      sub,
    ]);
  });
});

describe('blocks', () => {
  it('adds every block type with the fields its schema needs (image, video, link wait for an address)', () => {
    let config = blank();
    const ids: string[] = [];
    for (const { type } of blockTypes) {
      const added = addBlock(config, 'root', type);
      config = added.config;
      ids.push(added.id);
      expect(config.entities[added.id]!.type).toBe(type);
    }
    expect(childBlocks(config, 'root')).toEqual(ids);
    const problems = documentConfigSchema.safeParse(config).error?.issues ?? [];
    const where = new Set(problems.map((issue) => config.entities[String(issue.path[1])]!.type));
    expect([...where].sort()).toEqual(['image', 'link', 'video']);
    // The first hero becomes the document's hero.
    expect(config.heroSection).toBe(ids[blockTypes.findIndex((entry) => entry.type === 'hero')]);
  });

  it('adds a block after the last block, before the sub-sections that follow it', () => {
    const { config, a, text, sub, divider } = sample();
    expect(config.entities[a]!.childSectionIds).toEqual([text, sub, divider]);
    const chart = addBlock(config, a, 'chart');
    expect(chart.config.entities[a]!.childSectionIds).toEqual([text, sub, divider, chart.id]);
    const after = addBlock(config, a, 'chart', text);
    expect(after.config.entities[a]!.childSectionIds).toEqual([text, after.id, sub, divider]);
    const onlySub = addBlock(config, sub, 'divider');
    const second = addSection(onlySub.config, sub, 'Deeper');
    const third = addBlock(second.config, sub, 'divider');
    expect(third.config.entities[sub]!.childSectionIds).toEqual([onlySub.id, third.id, second.id]);
  });

  it('moves blocks among blocks, leaving the sub-section in its place', () => {
    const { config, a, text, sub, divider } = sample();
    const moved = moveBy(config, divider, -1);
    expect(moved.entities[a]!.childSectionIds).toEqual([divider, sub, text]);
    expect(childBlocks(moved, a)).toEqual([divider, text]);
  });

  it('moves a block to the end of another section, never a section', () => {
    const { config, a, b, text, sub, divider } = sample();
    const moved = moveToSection(config, text, b);
    expect(moved.entities[a]!.childSectionIds).toEqual([sub, divider]);
    expect(moved.entities[b]!.childSectionIds).toEqual([text]);
    expect(moveToSection(config, sub, b)).toBe(config);
    expect(moveToSection(config, text, a)).toBe(config);
  });

  it('duplicates a question under fresh block and question ids, just after the original', () => {
    const added = addBlock(blank(), 'root', 'question');
    const copy = duplicateBlock(added.config, added.id);
    expect(copy.config.entities.root!.childSectionIds).toEqual([added.id, copy.id]);
    const [first, second] = [copy.config.entities[added.id], copy.config.entities[copy.id]];
    if (first?.type !== 'question' || second?.type !== 'question') throw new Error('not questions');
    expect(second.question.id).not.toBe(first.question.id);
    expect(second.question.title).toBe(first.question.title);
    expect(documentConfigSchema.safeParse(copy.config).success).toBe(true);
  });

  it('saves a section as a block template and inserts a copy of it elsewhere', () => {
    const { config, a, b } = sample();
    const template = extractTemplate(config, a);
    expect(Object.keys(template.entities)).toHaveLength(4);
    const inserted = insertTemplate(config, b, template);
    expect(inserted.config.entities[b]!.childSectionIds).toEqual([inserted.id]);
    expect(Object.keys(inserted.config.entities)).toHaveLength(Object.keys(config.entities).length + 4);
    expect(inserted.config.entities[inserted.id]).toMatchObject({ title: 'A' });
    expect(documentConfigSchema.safeParse(inserted.config).success).toBe(true);
  });
});

describe('undo history', () => {
  it('undoes and redoes steps; a new edit drops the redo steps', () => {
    let history = startHistory(1);
    history = commit(history, 2);
    history = commit(history, 3);
    history = undo(history);
    expect(history.present).toBe(2);
    history = redo(history);
    expect(history.present).toBe(3);
    history = undo(undo(history));
    expect(history.present).toBe(1);
    expect(undo(history)).toBe(history);
    history = commit(history, 9);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
  });

  it('makes typing in one field one step, until the group is closed', () => {
    let history = startHistory('');
    for (const text of ['P', 'Pl', 'Pla', 'Plan']) history = commit(history, text, 'title');
    expect(history.past).toEqual(['']);
    history = commit(closeGroup(history), 'Plans', 'title');
    expect(history.past).toEqual(['', 'Plan']);
    expect(undo(history).present).toBe('Plan');
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let history = startHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 20; step++) history = commit(history, step);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(20);
  });
});
