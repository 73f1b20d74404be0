import type { Kysely } from 'kysely';
import {
  configTypeNames,
  defaultConfigOf,
  type CallForSitesQuestionnaireConfig,
  type ConfigDocumentOf,
  type ConfigType,
  type InteractiveMapConfig,
  type LayersOrderConfig,
  type LayerTreeTooltipsConfig,
  type MapMetadataCardConfig,
  type PublicWebMapConfig,
  type StorytellingConfig,
  type SuggestionMapConfig,
  type TouchPointsConfig,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { withTenant } from '../../db/tenant-transaction';
import { seedConfig } from './content.service';

/**
 * The demo councils' config documents (issue 16): one valid document of every type, so the config
 * editor has something to open. The layer documents name the council's own layers. Seeding never
 * overwrites a document an admin has (seedConfig), so it may run on every start.
 */

/** Roughly the middle of each demo district, in longitude and latitude. */
const centres: Record<string, [number, number]> = {
  demo: [0.39, 51.29],
  northfield: [-1.5, 53.97],
};

type CouncilLayer = { id: string; name: string; title: string; theme: string | null; fields: string[] };

function demoDocuments(
  centre: [number, number],
  layers: CouncilLayer[],
): { [T in ConfigType]?: ConfigDocumentOf<T> } {
  const names = layers.map((layer) => layer.name);
  const first = names.slice(0, 2);
  const walk = (id: string, offset: number, siteName: string) => ({
    identifier: id,
    location: [centre[0] + offset, centre[1] + offset / 2],
    site_name: siteName,
    text: `What would make ${siteName} a better place?`,
    images: [],
    questions: {
      showMode: 'one-by-one' as const,
      questions: [
        {
          kind: 'Opinion' as const,
          id: 'agree',
          question: 'The area needs more homes.',
          scale: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
        },
        { kind: 'Comment' as const, id: 'ideas', question: 'Anything else?', maxLength: 2000 },
      ],
    },
  });
  const interactive: InteractiveMapConfig = {
    name: 'Town centre plan',
    scenes: [
      {
        id: 'town-centre',
        label: 'Town centre',
        map: { center: centre, zoom: 13, layers: first },
        touchPoints: [walk('high-street', 0.005, 'High Street')],
        information: {
          title: 'The town centre',
          body: 'We are planning new homes, shops and a market square. Tell us what you think.',
          footer: 'The consultation closes at the end of next month.',
        },
        feedback: {
          question: 'What do you think of the plans?',
          limit: 3,
          comment: true,
          multimedia: false,
          emotion: true,
        },
      },
    ],
  };
  const suggestion: SuggestionMapConfig = {
    ...defaultConfigOf('suggestion-map'),
    map: { center: centre, zoom: 12, layers: [] },
  };
  const publicMap: PublicWebMapConfig = {
    tabs: [
      {
        id: 'constraints',
        title: 'Constraints',
        description: 'Land where building is limited.',
        layers: names,
        visible: true,
      },
    ],
    map: { center: centre, zoom: 11, layers: [] },
  };
  const chapter = (id: string, title: string, zoom: number) => ({
    id,
    title,
    description: `${title}: how it has changed, and what comes next.`,
    photos: [],
    location: { center: centre, zoom, pitch: 30 },
    mapAnimation: 'flyTo' as const,
    rotateAnimation: false,
    onChapterEnter: first.map((layer) => ({ layer, opacity: 0.8 })),
    onChapterExit: first.map((layer) => ({ layer, opacity: 0 })),
  });
  const story: StorytellingConfig = {
    name: 'Our places',
    stories: [
      {
        id: 'river',
        area: 'The river',
        location: centre,
        story: {
          title: 'Along the river',
          chapters: [chapter('mills', 'The old mills', 14), chapter('meadows', 'The meadows', 13)],
        },
        subAreas: [
          {
            id: 'wharf',
            name: 'The wharf',
            location: centre,
            chapters: [chapter('wharf-today', 'The wharf today', 15)],
          },
        ],
      },
    ],
    boroughWide: {
      title: 'The whole borough',
      description: 'Choose a place to read its story.',
      map: { center: centre, zoom: 10, layers: [] },
      areaColour: '#1d70b8',
    },
  };
  const questionnaire: CallForSitesQuestionnaireConfig = {
    topics: [
      {
        id: 'your-site',
        title: 'Your site',
        description: 'Tell us about the land you are putting forward.',
        showMode: 'all',
        questions: [
          {
            kind: 'Preferences',
            id: 'use',
            question: 'What could the site be used for?',
            options: [
              { id: 'homes', label: 'Homes' },
              { id: 'employment', label: 'Employment' },
              { id: 'mixed', label: 'Mixed use' },
            ],
            maxChoices: 3,
          },
          {
            kind: 'Ranking',
            id: 'constraints',
            question: 'Rank what holds the site back',
            items: [
              { id: 'access', label: 'Access' },
              { id: 'flooding', label: 'Flooding' },
              { id: 'ownership', label: 'Ownership' },
            ],
          },
          { kind: 'Comment', id: 'more', question: 'Anything else we should know?', required: false },
        ],
      },
    ],
  };
  const points: TouchPointsConfig = {
    name: 'Town walk',
    touchPoints: [walk('station', -0.004, 'Station Square'), walk('park', 0.008, 'Memorial Park')],
  };
  const card: MapMetadataCardConfig = {
    fields_config: layers
      .filter((layer) => layer.fields.length > 0)
      .map((layer) => ({
        layerId: layer.id,
        layerTheme: layer.theme,
        fields: layer.fields.slice(0, 4).map((field) => ({ label: field.replace(/_/g, ' '), value: field })),
      })),
  };
  const order: LayersOrderConfig = {
    groups:
      layers.length > 0 ? [{ groupName: 'Constraints', layersOrder: layers.map((layer) => layer.id) }] : [],
  };
  const tooltips: LayerTreeTooltipsConfig = {
    tooltips: layers.map((layer) => ({ id: layer.id, tooltip: `${layer.title}: demo data` })),
  };
  return {
    'interactive-map': interactive,
    'public-web-map': publicMap,
    'suggestion-map': suggestion,
    storytelling: story,
    'call-for-sites-questionnaire': questionnaire,
    'touch-points': points,
    'map-metadata-card': card,
    'layers-order': order,
    'layer-tree-tooltips': tooltips,
  };
}

/** What the demo documents are called in the configs list. */
const demoLabels: Record<ConfigType, string> = {
  'interactive-map': 'Town centre plan',
  'public-web-map': 'Public map tabs',
  'suggestion-map': 'Neighbourhood suggestions',
  storytelling: 'Our places',
  'call-for-sites-questionnaire': 'Call for sites questions',
  'touch-points': 'Town walk',
  'site-card': 'Site card',
  'site-features': 'Site page tabs',
  'site-search': 'Site search filters',
  'map-metadata-card': 'Layer feature cards',
  'layers-order': 'Layer tree groups',
  'layer-tree-tooltips': 'Layer tree tooltips',
};

/**
 * Gives a demo council a document of every type it lacks: the site documents are seeded before
 * (their own demo shapes); the rest here, else the type's default.
 */
export async function seedDemoConfigs(db: Kysely<Database>, tenantId: string, districtName: string) {
  const rows = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('layers')
      .leftJoin('layer_themes', 'layer_themes.id', 'layers.theme_id')
      .select([
        'layers.id',
        'layers.layer_name',
        'layers.title',
        'layers.fields',
        'layer_themes.name as theme',
      ])
      .orderBy('layers.z_index', 'desc')
      .limit(50)
      .execute(),
  );
  const layers: CouncilLayer[] = rows.map((row) => ({
    id: row.id,
    name: row.layer_name,
    title: row.title,
    theme: row.theme ?? null,
    fields: row.fields.map((field) => field.name).filter((name) => name.length > 0),
  }));
  const documents = demoDocuments(centres[districtName] ?? [-1.5, 52.5], layers);
  for (const type of configTypeNames)
    await seedConfig(db, tenantId, type, documents[type] ?? defaultConfigOf(type), demoLabels[type]);
}
