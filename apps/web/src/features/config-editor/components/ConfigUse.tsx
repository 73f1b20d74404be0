import { Alert } from 'antd';
import { Link } from 'react-router';
import type { ConfigType } from '@planning/shared';

/**
 * Where the council's current config of each type shows, for the screens built so far: all of
 * them are reached from the site search's map.
 */
const shownOn: Partial<Record<ConfigType, { text: string; link: string }>> = {
  'site-search': { text: 'The filters of the site search on', link: 'Map and Table' },
  'site-card': { text: "Each site's card in the results of", link: 'the site search' },
  'site-features': {
    text: "The tabs and fields of a site's page, opened from",
    link: 'the site search',
  },
  'map-metadata-card': {
    text: 'The card shown when a layer feature is clicked on',
    link: 'the maps',
  },
  'layers-order': { text: 'The groups and order of the layer tree on', link: 'the maps' },
  'layer-tree-tooltips': {
    text: 'The help beside each layer in the layer tree on',
    link: 'the maps',
  },
};

/**
 * One line under a config type's title saying where its current config is used. The public
 * maps and questionnaires (suggestion map, interactive map, storytelling, touch points, public
 * web map, call for sites) are not in this version: an administrator is told so rather than left
 * to wonder why a saved config shows nowhere.
 */
export function ConfigUse({ type, label }: { type: ConfigType; label: string }) {
  const use = shownOn[type];
  if (use)
    return (
      <p className="config-list__use">
        {use.text} <Link to="/map">{use.link}</Link>.
      </p>
    );
  return (
    <Alert
      className="config-list__use"
      type="info"
      showIcon
      title={`Residents do not see ${label} configs yet`}
      description="The public maps and questionnaires that show them are not part of this version. Configs made here are checked and versioned, and can be chosen for an event's features, ready for when they arrive."
    />
  );
}
