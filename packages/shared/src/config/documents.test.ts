import { describe, expect, it } from 'vitest';
import { defaultConfigs } from './defaults';
import { configSchemas, validateConfig } from './schemas';
import { configTypeNames, type ConfigType } from './types';

const LAYER = '0a7c3a52-7e39-4c51-9a55-5b0f3f0c1a01';

const feedback = { question: 'What do you think?', limit: 3, comment: true };
const questions = {
  showMode: 'one-by-one',
  questions: [
    {
      kind: 'Preferences',
      id: 'q1',
      question: 'Which matters most?',
      options: [
        { id: 'a', label: 'Parks' },
        { id: 'b', label: 'Homes' },
      ],
    },
    { kind: 'Opinion', id: 'q2', question: 'Do you agree?', scale: ['Disagree', 'Neutral', 'Agree'] },
    { kind: 'Comment', id: 'q3', question: 'Anything else?', maxLength: 500 },
    {
      kind: 'Ranking',
      id: 'q4',
      question: 'Rank these',
      items: [
        { id: 'x', label: 'Shops' },
        { id: 'y', label: 'Schools' },
      ],
    },
  ],
};
const touchPoint = {
  identifier: 'tp-1',
  location: [-1.61, 54.97],
  site_name: 'Quayside',
  text: 'The old quay.',
  images: ['https://example.org/quay.jpg'],
  questions,
};
const chapter = {
  id: 'c1',
  title: 'The river',
  description: 'Where it began.',
  photos: ['https://example.org/river.jpg'],
  location: { center: [-1.6, 54.97], zoom: 14, pitch: 40 },
  mapAnimation: 'flyTo',
  rotateAnimation: false,
  onChapterEnter: [{ layer: 'flood', opacity: 0.8 }],
  onChapterExit: [{ layer: 'flood', opacity: 0 }],
};

/** One valid document of every type, beyond its default. */
const valid: Record<ConfigType, unknown> = {
  'interactive-map': {
    name: 'Town centre',
    scenes: [
      {
        id: 's1',
        label: 'Quayside',
        map: { center: [-1.6, 54.97], zoom: 13, layers: ['flood'] },
        touchPoints: [touchPoint],
        information: { title: 'Quayside', body: 'Plans for the quay.', footer: 'Closes 1 March' },
        feedback,
      },
    ],
  },
  'public-web-map': {
    tabs: [{ id: 'constraints', title: 'Constraints', layers: ['flood'], visible: true }],
    map: { center: [-1.6, 54.97], zoom: 11, layers: [] },
  },
  'suggestion-map': {
    question: 'What should change?',
    options: [{ name: 'Trees', value: 'trees', details: 'More street trees' }],
    multimedia: false,
    comment: false,
    emotion: false,
    limit: 10,
  },
  storytelling: {
    name: 'Our borough',
    stories: [
      {
        id: 'north',
        area: 'North',
        image: 'https://example.org/north.jpg',
        location: [-1.6, 55],
        story: { chapters: [chapter] },
        subAreas: [{ id: 'n1', name: 'North quay', chapters: [{ ...chapter, id: 'c2' }] }],
      },
    ],
    boroughWide: {
      title: 'The whole borough',
      description: 'Start here.',
      map: { center: [-1.6, 54.97], zoom: 10, layers: [] },
      areaColour: '#1d70b8',
    },
  },
  'call-for-sites-questionnaire': {
    topics: [{ id: 'land', title: 'Your land', ...questions }],
  },
  'touch-points': { name: 'Walk', touchPoints: [touchPoint] },
  'site-card': { elements: [{ label: 'Area', dbPropertyName: 'size_ha', formatting: { decimals: 2 } }] },
  'site-features': {
    tabs: [
      {
        id: 'overview',
        tabTitle: 'Overview',
        content: [{ type: 'FIELD', cell: { label: 'Name', dbPropertyName: 'site_name', fieldType: 'text' } }],
      },
    ],
  },
  'site-search': {
    filters: [
      { type: 'number', dbPropertyName: 'capacity', label: 'Capacity', min: 0, max: 10, equality: 'GE' },
      { type: 'text', dbPropertyName: 'site_name', label: 'Name', placeholder: 'Search' },
    ],
  },
  'map-metadata-card': { fields_config: [{ layerId: LAYER, fields: [{ label: 'Zone', value: 'zone' }] }] },
  'layers-order': { groups: [{ groupName: 'Constraints', layersOrder: [LAYER] }] },
  'layer-tree-tooltips': { tooltips: [{ id: LAYER, tooltip: 'Flood zones' }] },
};

const scene0 = (valid['interactive-map'] as { scenes: object[] }).scenes[0];
const story0 = (valid.storytelling as { stories: object[] }).stories[0];

/** One invalid document of every type, with the problem the schema names (spec 03 §5 rules). */
const invalid: Record<ConfigType, { document: unknown; path: string; message?: string }> = {
  'interactive-map': {
    // Feedback with none of options, comment, multimedia or emotion.
    document: {
      name: 'x',
      scenes: [{ ...scene0, feedback: { question: 'Q?', limit: 3 } }],
    },
    path: 'scenes.0.feedback',
    message: 'Feedback needs at least one of options, comment, multimedia or emotion',
  },
  'public-web-map': {
    document: { tabs: [{ id: 'a', title: '', layers: [], visible: true }] },
    path: 'tabs.0.title',
  },
  'suggestion-map': {
    document: { ...(valid['suggestion-map'] as object), options: [] },
    path: '',
    message: 'Feedback needs at least one of options, comment, multimedia or emotion',
  },
  storytelling: {
    document: {
      name: 'x',
      stories: [{ ...story0, image: 'not a url' }],
    },
    path: 'stories.0.image',
    message: 'Image must be a URL',
  },
  'call-for-sites-questionnaire': {
    document: { topics: [{ id: 'a', title: 'A', showMode: 'some', questions: questions.questions }] },
    path: 'topics.0.showMode',
  },
  'touch-points': {
    document: { name: 'Walk', touchPoints: [{ ...touchPoint, location: [1, 2, 3] }] },
    path: 'touchPoints.0.location',
    message: 'Location must have exactly 2 numbers',
  },
  'site-card': { document: { elements: [{ label: 'No field' }] }, path: 'elements.0.dbPropertyName' },
  'site-features': { document: { tabs: [] }, path: 'tabs' },
  'site-search': {
    // Spec 03 §5: a number filter needs min, max and equality.
    document: { filters: [{ type: 'number', dbPropertyName: 'capacity', label: 'Capacity', min: 0 }] },
    path: 'filters.0.max',
  },
  'map-metadata-card': {
    document: { fields_config: [{ layerId: LAYER, fields: [] }] },
    path: 'fields_config.0.fields',
  },
  'layers-order': { document: { groups: [{ groupName: ' ', layersOrder: [] }] }, path: 'groups.0.groupName' },
  'layer-tree-tooltips': {
    document: { tooltips: [{ id: 'not-a-uuid', tooltip: 'x' }] },
    path: 'tooltips.0.id',
  },
};

describe('config schemas (spec 03 §3.2, §5)', () => {
  it.each(configTypeNames)('accepts a valid %s document', (type) => {
    const result = validateConfig(type, valid[type]);
    expect(result.issues).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each(configTypeNames)('refuses an invalid %s document, naming the problem', (type) => {
    const { document, path, message } = invalid[type];
    const result = validateConfig(type, document);
    expect(result).toMatchObject({ valid: false, message: 'Config is invalid' });
    expect(result.issues.map((issue) => issue.path)).toContain(path);
    if (message) expect(result.issues).toContainEqual({ path, message });
  });

  it('refuses what is not a document at all', () => {
    for (const type of configTypeNames) {
      expect(configSchemas[type].safeParse(null).success).toBe(false);
      expect(configSchemas[type].safeParse([]).success).toBe(false);
    }
  });

  it('takes feedback with any one of options, comment, multimedia or emotion', () => {
    const base = { question: 'Q?', limit: 1 };
    const scene = (feedbackValue: object) => ({
      name: 'x',
      scenes: [{ ...scene0, feedback: feedbackValue }],
    });
    for (const extra of [
      { options: [{ name: 'A', value: 'a' }] },
      { comment: true },
      { multimedia: true },
      { emotion: true },
    ])
      expect(validateConfig('interactive-map', scene({ ...base, ...extra })).valid).toBe(true);
    expect(validateConfig('interactive-map', scene({ ...base, options: [], comment: false })).valid).toBe(
      false,
    );
  });

  it('wants exactly 2 numbers for a location, and urls for images', () => {
    const points = (point: object) => ({ name: 'Walk', touchPoints: [{ ...touchPoint, ...point }] });
    expect(validateConfig('touch-points', points({ location: [1] })).issues[0]?.message).toBe(
      'Location must have exactly 2 numbers',
    );
    expect(validateConfig('touch-points', points({ location: ['1', '2'] })).valid).toBe(false);
    for (const image of [
      'ftp://example.org/a.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'picture.jpg',
      '//evil.example/a.jpg',
    ])
      expect(validateConfig('touch-points', points({ images: [image] })).issues, image).toContainEqual({
        path: 'touchPoints.0.images.0',
        message: 'Image must be a URL',
      });
    for (const image of [
      'https://example.org/a.jpg',
      'http://example.org/a.jpg',
      '/api/v1/files/abc/download',
    ])
      expect(validateConfig('touch-points', points({ images: [image] })).valid, image).toBe(true);
  });

  it('knows the four question kinds and the two show modes', () => {
    const set = (question: object, showMode = 'all') => ({
      topics: [{ id: 't', title: 'T', showMode, questions: [question] }],
    });
    expect(validateConfig('call-for-sites-questionnaire', set(questions.questions[2]!, 'all')).valid).toBe(
      true,
    );
    expect(
      validateConfig('call-for-sites-questionnaire', set({ kind: 'Essay', id: 'e', question: 'Q' })).valid,
    ).toBe(false);
    expect(
      validateConfig(
        'call-for-sites-questionnaire',
        set({ kind: 'Ranking', id: 'r', question: 'Q', items: [{ id: 'a', label: 'A' }] }),
      ).issues[0]?.message,
    ).toBe('A ranking question needs at least 2 items');
  });

  it('refuses two items with the same id', () => {
    const result = validateConfig('interactive-map', { name: 'x', scenes: [scene0, scene0] });
    expect(result.issues).toContainEqual({ path: 'scenes.1.id', message: 'Two items have the same id' });
  });

  it('the defaults are valid (spec 03 §3.3)', () => {
    for (const type of configTypeNames) expect(validateConfig(type, defaultConfigs[type]).valid).toBe(true);
  });
});
