import type { ApplicationName } from '@planning/shared';

export type AdminTab = {
  key: string;
  label: string;
  /** One line on what the tab is for, on the product's home. */
  description: string;
  to: string;
};

export type AdminProduct = { app: ApplicationName; label: string; description: string; tabs: AdminTab[] };

const tab = (
  app: ApplicationName,
  key: string,
  label: string,
  description: string,
  to?: string,
): AdminTab => ({
  key: `${app}/${key}`,
  label,
  description,
  to: to ?? `/admin/${app}/${key}`,
});

/** Spec 03 §1–§2: the three products of the admin area and each one's tabs. */
export const adminProducts: AdminProduct[] = [
  {
    app: 'placemaker',
    label: 'Placemaker',
    description: 'Site assessment: events, layouts, people and permissions, geodata and the map.',
    tabs: [
      tab(
        'placemaker',
        'events',
        'Events',
        'Schedule consultation events, their times and the features they run.',
      ),
      tab(
        'placemaker',
        'layout',
        'Layout',
        "Arrange the site page's panels as the council's default layout.",
      ),
      tab('placemaker', 'roles', 'Roles', 'Create roles and choose what each may read, change and delete.'),
      tab(
        'placemaker',
        'users',
        'Users',
        'Invite staff, change their role, disable them or end their sessions.',
      ),
      tab(
        'placemaker',
        'firebase-users',
        'Consultation accounts',
        "Residents' accounts: their responses, verification and deleting records.",
      ),
      tab('placemaker', 'geodata/layers', 'Geodata layers', 'The map layers uploaded for this council.'),
      tab(
        'placemaker',
        'geodata/upload',
        'Upload geodata',
        'Upload a zipped shapefile or GeoJSON as a new layer.',
      ),
      tab('placemaker', 'geodata/basemaps', 'Base maps', 'The base maps offered under every map.'),
      tab('placemaker', 'geodata/layers-order', 'Layers order', 'The order layers are drawn and listed in.'),
      tab(
        'placemaker',
        'map-info-card',
        'Map info card',
        'What the card shows when a map feature is clicked.',
      ),
      tab(
        'placemaker',
        'layer-tree-tooltips',
        'Layer tree tooltips',
        'The help shown beside layers in the layer tree.',
      ),
      tab(
        'placemaker',
        'suggestion-redaction',
        'Suggestion redaction',
        "Hide personal data in residents' free-text answers from everyone but their author.",
      ),
      tab(
        'placemaker',
        'configs',
        'Configs',
        'Every config document, with the editor, versions and rollback.',
      ),
      tab(
        'placemaker',
        'audit-log',
        'Audit log',
        'Who changed what and when, filterable and exportable as CSV.',
      ),
      tab(
        'placemaker',
        'settings',
        'Council settings',
        'Name, logos, colours, emails, maintenance and feature flags.',
        '/settings/council',
      ),
    ],
  },
  {
    app: 'consultations',
    label: 'Consultations',
    description: 'Public consultations: maps, tours, touch points, privacy and analytics.',
    tabs: [
      tab(
        'consultations',
        'map-info-card',
        'Map info card',
        'What the card shows when a map feature is clicked.',
      ),
      tab(
        'consultations',
        'layer-tree-tooltips',
        'Layer tree tooltips',
        'The help shown beside layers in the layer tree.',
      ),
      tab(
        'consultations',
        'privacy-policy',
        'Privacy policy',
        'The privacy policy and terms of use residents read.',
      ),
      tab(
        'consultations',
        'suggestion-map',
        'Suggestion map',
        'Maps where residents drop suggestions and comments.',
      ),
      tab(
        'consultations',
        'curated-tour',
        'Curated tour',
        'Storytelling tours through the plan, scene by scene.',
      ),
      tab(
        'consultations',
        'interactive-map',
        'Interactive map',
        'Maps with scenes residents give feedback on.',
      ),
      tab(
        'consultations',
        'touch-points',
        'Touch points',
        'Places on the map with questions for passers-by.',
      ),
      tab(
        'consultations',
        'analytics',
        'Analytics',
        'Responses per document, with a link to their analysis.',
      ),
      tab('consultations', 'public-web-map', 'Public web map', "The public map's tabs and layers."),
      tab(
        'consultations',
        'configs',
        'Configs',
        'Every config document, with the editor, versions and rollback.',
      ),
    ],
  },
  {
    app: 'cfs',
    label: 'Community feedback',
    description: 'Call for sites: the calls, their questionnaire and its privacy policy.',
    tabs: [
      tab(
        'cfs',
        'calls',
        'Calls for sites',
        'Open calls for sites: their times, questionnaire, guidance and map layers.',
      ),
      tab('cfs', 'questions', 'Questions', 'The call for sites questionnaire landowners and agents answer.'),
      tab('cfs', 'privacy-policy', 'Privacy policy', 'The privacy policy shown with the questionnaire.'),
      tab('cfs', 'configs', 'Configs', 'Every config document, with the editor, versions and rollback.'),
    ],
  },
];

/** The tab a path belongs to: the longest tab address it starts with. */
export function currentTabKey(pathname: string): string | undefined {
  let best: AdminTab | undefined;
  for (const product of adminProducts)
    for (const item of product.tabs)
      if (
        (pathname === item.to || pathname.startsWith(`${item.to}/`)) &&
        (!best || item.to.length > best.to.length)
      )
        best = item;
  return best?.key;
}

/** The product a path is under (/admin/{app}/…), if any. */
export function productOf(pathname: string): AdminProduct | undefined {
  const app = /^\/admin\/([^/]+)/.exec(pathname)?.[1];
  return adminProducts.find((product) => product.app === app);
}
