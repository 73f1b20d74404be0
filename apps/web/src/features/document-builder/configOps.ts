import {
  DEFAULT_CHART_COLOUR,
  DOCUMENT_LIMITS,
  documentOutline,
  type BlockTemplateConfig,
  type DocumentConfig,
  type DocumentEntity,
  type DocumentEntityType,
  type SimpleQuestion,
} from '@planning/shared';

/**
 * The builder's edits as pure functions of the config (spec 02 §3 Document): each returns a new
 * config and never changes the one it is given, so the undo history can keep every step.
 *
 * A section's childSectionIds mixes its blocks and its sub-sections in reading order. The tree
 * moves sections among sections (and a sub-section into another section) and the block list moves
 * blocks among blocks: each keeps the other kind where it stands.
 */

export type BlockType = Exclude<DocumentEntityType, 'section' | 'subSection'>;

/** Every block the add-block menu offers, in its order, with the words it shows. */
export const blockTypes: ReadonlyArray<{ type: BlockType; label: string }> = [
  { type: 'textBlock', label: 'Text' },
  { type: 'hero', label: 'Hero' },
  { type: 'image', label: 'Image' },
  { type: 'table', label: 'Table' },
  { type: 'video', label: 'Video' },
  { type: 'chart', label: 'Chart' },
  { type: 'map', label: 'Map' },
  { type: 'question', label: 'Question' },
  { type: 'poll', label: 'Poll' },
  { type: 'link', label: 'Link' },
  { type: 'tagTopic', label: 'Tag topic' },
  { type: 'tableOfContents', label: 'Table of contents' },
  { type: 'carouselSection', label: 'Carousel' },
  { type: 'divider', label: 'Divider' },
];

export const blockLabel = (type: DocumentEntityType): string =>
  blockTypes.find((entry) => entry.type === type)?.label ??
  (type === 'subSection' ? 'Sub-section' : 'Section');

export const isSection = (entity: DocumentEntity | undefined): boolean =>
  entity?.type === 'section' || entity?.type === 'subSection';

/** A fresh id no entity (nor question) of the config holds yet. */
export function newId(config: Pick<DocumentConfig, 'entities'>, prefix: string, taken = new Set<string>()) {
  const used = new Set([...Object.keys(config.entities), ...questionIds(config), ...taken]);
  for (;;) {
    const id = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
    if (!used.has(id)) return id;
  }
}

function questionIds(config: Pick<DocumentConfig, 'entities'>): string[] {
  const ids: string[] = [];
  for (const entity of Object.values(config.entities)) {
    if (entity.type === 'poll') ids.push(entity.question.id);
    if (entity.type === 'question') {
      ids.push(entity.question.id);
      if (entity.question.type === 'mapLinkedQuestion')
        ids.push(...entity.question.questions.map((q) => q.id));
    }
  }
  return ids;
}

/** The smallest question the form starts from: two options to rename. */
export function defaultQuestion(id: string, title = 'Question'): SimpleQuestion {
  return {
    id,
    title,
    type: 'radioQuestion',
    options: [{ title: 'Option 1' }, { title: 'Option 2' }],
    orientation: 'vertical',
    maxLength: DOCUMENT_LIMITS.textareaDefaultMaxLength,
  };
}

/**
 * A new block of `type` with the fewest fields it needs. Image, video and link start without their
 * address: the properties panel asks for it, and the document is not saved until it is given.
 */
export function defaultBlock(
  config: Pick<DocumentConfig, 'entities'>,
  type: BlockType,
  id: string,
): DocumentEntity {
  switch (type) {
    case 'hero':
      return { id, type, title: rootTitle(config) || 'Title' };
    case 'carouselSection':
      return { id, type, title: 'Carousel', childSectionIds: [] };
    case 'tableOfContents':
      return { id, type, title: 'Contents' };
    case 'divider':
      return { id, type };
    case 'textBlock':
      return { id, type, content: { type: 'doc', content: [{ type: 'paragraph' }] } };
    case 'image':
      return { id, type, src: '', alt: '' };
    case 'table':
      return { id, type, header: ['Column 1', 'Column 2'], rows: [['', '']] };
    case 'video':
      return { id, type, url: '' };
    case 'tagTopic':
      return { id, type, title: 'Topics', tags: [] };
    case 'map':
      return { id, type, sites: {}, layerIds: [], siteInfo: [], siteDetailsDropdown: false };
    case 'chart':
      return {
        id,
        type,
        chartName: 'Chart',
        chartType: 'pie',
        columnChartType: 'default',
        chartData: [{ label: 'Label', value: 1, color: DEFAULT_CHART_COLOUR }],
        columns: [],
        isPercentageable: false,
      };
    case 'link':
      return { id, type, title: 'Link', url: '' };
    case 'poll':
      return { id, type, question: defaultQuestion(newId(config, 'q', new Set([id])), 'Poll') };
    case 'question':
      return { id, type, question: defaultQuestion(newId(config, 'q', new Set([id]))) };
  }
}

function rootTitle(config: Pick<DocumentConfig, 'entities'> & { root?: string }): string {
  const root = config.root ? config.entities[config.root] : undefined;
  return root && 'title' in root ? (root.title ?? '') : '';
}

export function parentOf(config: Pick<DocumentConfig, 'entities'>, id: string): string | null {
  for (const [key, entity] of Object.entries(config.entities))
    if (entity.childSectionIds?.includes(id)) return key;
  return null;
}

export function childSections(config: Pick<DocumentConfig, 'entities'>, id: string): string[] {
  return (config.entities[id]?.childSectionIds ?? []).filter((child) => isSection(config.entities[child]));
}

export function childBlocks(config: Pick<DocumentConfig, 'entities'>, id: string): string[] {
  return (config.entities[id]?.childSectionIds ?? []).filter(
    (child) => config.entities[child] && !isSection(config.entities[child]),
  );
}

/** Section numbers ('1', '1.1') by id, as the public page shows them; none when hidden. */
export function sectionNumbers(config: DocumentConfig): Map<string, string> {
  const numbers = new Map<string, string>();
  for (const entry of documentOutline(config)) if (entry.number) numbers.set(entry.id, entry.number);
  return numbers;
}

function withEntity(config: DocumentConfig, entity: DocumentEntity): DocumentConfig {
  return { ...config, entities: { ...config.entities, [entity.id]: entity } };
}

function withChildren(config: DocumentConfig, parentId: string, children: string[]): DocumentConfig {
  const parent = config.entities[parentId];
  if (!parent) return config;
  return withEntity(config, { ...parent, childSectionIds: children });
}

/** Adds a section under the root, or a sub-section under any other section, at the end. */
export function addSection(
  config: DocumentConfig,
  parentId: string,
  title: string,
): { config: DocumentConfig; id: string } {
  const id = newId(config, parentId === config.root ? 'section' : 'sub');
  const type = parentId === config.root ? 'section' : 'subSection';
  const next = withEntity(config, { id, type, title, childSectionIds: [] });
  return {
    config: withChildren(next, parentId, [...(config.entities[parentId]?.childSectionIds ?? []), id]),
    id,
  };
}

export function updateEntity(config: DocumentConfig, entity: DocumentEntity): DocumentConfig {
  return config.entities[entity.id] ? withEntity(config, entity) : config;
}

export function renameSection(config: DocumentConfig, id: string, title: string): DocumentConfig {
  const entity = config.entities[id];
  if (!entity || !('title' in entity)) return config;
  return withEntity(config, { ...entity, title } as DocumentEntity);
}

/** Everything an entity holds, itself first (children before their own children). */
export function descendants(config: Pick<DocumentConfig, 'entities'>, id: string): string[] {
  const found: string[] = [];
  const queue = [id];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next) || !config.entities[next]) continue;
    seen.add(next);
    found.push(next);
    queue.push(...(config.entities[next]!.childSectionIds ?? []));
  }
  return found;
}

/** Deletes a section (with all it holds) or a block. The root cannot be deleted. */
export function deleteEntity(config: DocumentConfig, id: string): DocumentConfig {
  if (id === config.root || !config.entities[id]) return config;
  const gone = new Set(descendants(config, id));
  const entities: Record<string, DocumentEntity> = {};
  for (const [key, entity] of Object.entries(config.entities)) {
    if (gone.has(key)) continue;
    entities[key] = entity.childSectionIds?.some((child) => gone.has(child))
      ? { ...entity, childSectionIds: entity.childSectionIds.filter((child) => !gone.has(child)) }
      : entity;
  }
  return {
    ...config,
    entities,
    heroSection: config.heroSection && gone.has(config.heroSection) ? null : config.heroSection,
    initialSection: config.initialSection && gone.has(config.initialSection) ? null : config.initialSection,
  };
}

/**
 * Moves `id` to position `toIndex` among its siblings of the same kind (sections among sections,
 * blocks among blocks); the other kind keeps its places in the parent's list.
 */
export function moveAmongKind(config: DocumentConfig, id: string, toIndex: number): DocumentConfig {
  const parentId = parentOf(config, id);
  if (!parentId) return config;
  const all = config.entities[parentId]!.childSectionIds ?? [];
  const kind = isSection(config.entities[id]);
  const slots = all.flatMap((child, index) => (isSection(config.entities[child]) === kind ? [index] : []));
  const same = slots.map((index) => all[index]!);
  const from = same.indexOf(id);
  const to = Math.max(0, Math.min(same.length - 1, toIndex));
  if (from === -1 || from === to) return config;
  same.splice(from, 1);
  same.splice(to, 0, id);
  const next = [...all];
  slots.forEach((slot, index) => (next[slot] = same[index]!));
  return withChildren(config, parentId, next);
}

/**
 * The sections a sub-section may move into, in reading order: any section or sub-section but its
 * own parent, itself and what it holds (moving into those would make a cycle). Only sub-sections
 * move across sections: a section stays among the document's sections, and the start of the
 * document is no target (a sub-section there would be a section).
 */
export function sectionTargets(config: DocumentConfig, id: string): string[] {
  if (config.entities[id]?.type !== 'subSection') return [];
  const parentId = parentOf(config, id);
  const inside = new Set(descendants(config, id));
  return documentOutline(config)
    .map((entry) => entry.id)
    .filter((target) => target !== parentId && !inside.has(target));
}

/**
 * Moves a sub-section (with all it holds) into another section, at position `toIndex` among that
 * section's sub-sections (at the end without one); the target's blocks keep their places. Anything
 * sectionTargets refuses leaves the config as it is.
 */
export function moveSectionInto(
  config: DocumentConfig,
  id: string,
  targetId: string,
  toIndex?: number,
): DocumentConfig {
  const from = parentOf(config, id);
  if (!from || !sectionTargets(config, id).includes(targetId)) return config;
  const without = withChildren(
    config,
    from,
    (config.entities[from]!.childSectionIds ?? []).filter((child) => child !== id),
  );
  const children = [...(without.entities[targetId]!.childSectionIds ?? [])];
  const sections = children.filter((child) => isSection(without.entities[child]));
  const before = toIndex === undefined ? undefined : sections[Math.max(0, toIndex)];
  children.splice(before === undefined ? children.length : children.indexOf(before), 0, id);
  return withChildren(without, targetId, children);
}

/** Moves `id` up (-1) or down (+1) among its siblings of the same kind. */
export function moveBy(config: DocumentConfig, id: string, delta: number): DocumentConfig {
  const parentId = parentOf(config, id);
  if (!parentId) return config;
  const kind = isSection(config.entities[id]);
  const same = (config.entities[parentId]!.childSectionIds ?? []).filter(
    (child) => isSection(config.entities[child]) === kind,
  );
  return moveAmongKind(config, id, same.indexOf(id) + delta);
}

/** Adds a block of `type` to a section, after `afterId` or at the end of its blocks. */
export function addBlock(
  config: DocumentConfig,
  sectionId: string,
  type: BlockType,
  afterId?: string,
): { config: DocumentConfig; id: string } {
  const id = newId(config, type);
  let next = withEntity(config, defaultBlock(config, type, id));
  next = insertChild(next, sectionId, id, afterId);
  // A hero at the start of the document opens the page (the public page's heroSection).
  if (type === 'hero' && sectionId === config.root && !next.heroSection) next = { ...next, heroSection: id };
  return { config: next, id };
}

function insertChild(config: DocumentConfig, parentId: string, id: string, afterId?: string): DocumentConfig {
  const children = [...(config.entities[parentId]?.childSectionIds ?? [])];
  const after = afterId ? children.indexOf(afterId) : -1;
  if (after === -1) {
    // At the end of the blocks: before the section's first sub-section after its last block.
    const lastBlock = children.reduce(
      (last, child, index) => (isSection(config.entities[child]) ? last : index),
      -1,
    );
    const firstSectionAfter = children.findIndex(
      (child, index) => index > lastBlock && isSection(config.entities[child]),
    );
    const at =
      isSection(config.entities[id]) || firstSectionAfter === -1 ? children.length : firstSectionAfter;
    children.splice(at, 0, id);
  } else children.splice(after + 1, 0, id);
  return withChildren(config, parentId, children);
}

/** Moves a block to the end of another section's blocks. */
export function moveToSection(config: DocumentConfig, id: string, sectionId: string): DocumentConfig {
  const from = parentOf(config, id);
  if (!from || from === sectionId || !isSection(config.entities[sectionId]) || isSection(config.entities[id]))
    return config;
  const without = withChildren(
    config,
    from,
    (config.entities[from]!.childSectionIds ?? []).filter((child) => child !== id),
  );
  return insertChild(without, sectionId, id);
}

/** A block (or section) with what it holds, as a block template stores it (spec 02 §3). */
export function extractTemplate(config: DocumentConfig, id: string): BlockTemplateConfig {
  const entities: Record<string, DocumentEntity> = {};
  for (const key of descendants(config, id)) entities[key] = config.entities[key]!;
  return { root: id, entities };
}

/**
 * Copies a template's (or a block's) entities in under fresh ids, questions too (answers are keyed
 * by question id, so a copy must never answer for the original).
 */
function copyIn(
  config: DocumentConfig,
  source: Pick<DocumentConfig, 'root' | 'entities'>,
): { config: DocumentConfig; id: string } {
  const renamed = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of descendants(source, source.root)) {
    const id = newId(config, source.entities[key]!.type, taken);
    taken.add(id);
    renamed.set(key, id);
  }
  const freshQuestion = <Q extends { id: string }>(question: Q): Q => {
    const id = newId(config, 'q', taken);
    taken.add(id);
    return { ...question, id };
  };
  const entities = { ...config.entities };
  for (const [oldId, id] of renamed) {
    const entity = structuredClone(source.entities[oldId]!);
    entity.id = id;
    if (entity.childSectionIds)
      entity.childSectionIds = entity.childSectionIds.flatMap((child) =>
        renamed.has(child) ? [renamed.get(child)!] : [],
      );
    if (entity.type === 'poll') entity.question = freshQuestion(entity.question);
    if (entity.type === 'question') {
      entity.question = freshQuestion(entity.question);
      if (entity.question.type === 'mapLinkedQuestion')
        entity.question.questions = entity.question.questions.map(freshQuestion);
    }
    entities[id] = entity;
  }
  return { config: { ...config, entities }, id: renamed.get(source.root)! };
}

/** Puts a copy of a block just after it. */
export function duplicateBlock(config: DocumentConfig, id: string): { config: DocumentConfig; id: string } {
  const parentId = parentOf(config, id);
  if (!parentId) return { config, id };
  const copied = copyIn(config, extractTemplate(config, id));
  return { config: insertChild(copied.config, parentId, copied.id, id), id: copied.id };
}

/** Inserts a block template's copy at the end of a section's blocks. */
export function insertTemplate(
  config: DocumentConfig,
  sectionId: string,
  template: BlockTemplateConfig,
): { config: DocumentConfig; id: string } {
  const copied = copyIn(config, template);
  return { config: insertChild(copied.config, sectionId, copied.id), id: copied.id };
}

export function setHideNumbering(config: DocumentConfig, hide: boolean): DocumentConfig {
  return { ...config, documentSettings: { ...config.documentSettings, hideSectionNumberings: hide } };
}
