import { describe, expect, it } from 'vitest';
import type { DocumentConfig } from '@planning/shared';
import { addBlock } from './configOps';
import { draftProblems, problemSummary, type Draft } from './draft';

const blank: DocumentConfig = {
  root: 'root',
  heroSection: null,
  initialSection: 'root',
  documentSettings: { hideSectionNumberings: false },
  entities: { root: { id: 'root', type: 'section', title: 'Plan', childSectionIds: [] } },
};
const draftOf = (config: DocumentConfig, title = 'Plan'): Draft => ({
  title,
  config,
  answersOpenUntil: null,
});

describe('draft problems (what stops a save, in words for the screen)', () => {
  it('finds none in a blank document', () => {
    expect(draftProblems(draftOf(blank))).toEqual([]);
  });

  it('asks for a title', () => {
    expect(draftProblems(draftOf(blank, '   '))).toEqual([
      { entityId: null, field: 'title', message: 'Title is required' },
    ]);
  });

  it('ties an image without address or alt text to its block, and says so in one line', () => {
    const { config, id } = addBlock(blank, 'root', 'image');
    const problems = draftProblems(draftOf(config));
    expect(problems).toEqual([
      { entityId: id, field: 'src', message: 'Image address is required' },
      { entityId: id, field: 'alt', message: 'Alt text is required' },
    ]);
    expect(problemSummary(problems, config)).toBe('image block: Image address is required (and 1 more)');
  });

  it('gives the shared schema’s words for an unsafe link', () => {
    const { config, id } = addBlock(blank, 'root', 'link');
    const entity = config.entities[id]!;
    const unsafe = {
      ...config,
      entities: { ...config.entities, [id]: { ...entity, url: 'javascript:alert(1)' } },
    };
    expect(draftProblems(draftOf(unsafe as DocumentConfig))).toEqual([
      {
        entityId: id,
        field: 'url',
        message:
          'Address: Links must start with http://, https:// or mailto:, and images with http:// or https://',
      },
    ]);
  });
});
