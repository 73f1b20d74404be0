import { useState } from 'react';
import { Button, Checkbox, Select } from 'antd';
import { AimOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { featureAccess, formatCardValue, type SiteCardConfig } from '@planning/shared';
import { Permitted } from '../../../platform/access/Permitted';
import { SiteTag } from './SiteTag';

export type ResultSite = {
  id: string;
  id_unique: string;
  scenario_name: string;
  site_tags: { id: string; name: string; color: string | null }[];
  [field: string]: unknown;
};

type SiteCardProps = {
  site: ResultSite;
  config: SiteCardConfig;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onShowOnMap: () => void;
  /** Spec 01 §2: the card's add-to-list button. */
  onAddToList: () => void;
  /** Spec 01 §2: with the scenarios feature on, the card offers them and the link carries one. */
  scenarios: string[] | null;
};

/** Spec 01 §2 / 03 §3.2 Site card: the configured fields, tags, and the two ways on. */
export function SiteCard({
  site,
  config,
  selected,
  onSelect,
  onShowOnMap,
  onAddToList,
  scenarios,
}: SiteCardProps) {
  const [scenario, setScenario] = useState(site.scenario_name);
  const title = typeof site.site_name === 'string' && site.site_name ? site.site_name : site.id_unique;
  const titleId = `site-card-${site.id}`;
  const details = scenarios
    ? `/site/${site.id}?scenario=${encodeURIComponent(scenario)}`
    : `/site/${site.id}`;
  return (
    <article className="site-card" aria-labelledby={titleId} data-site-id={site.id}>
      <header className="site-card__header">
        <Permitted needs={featureAccess.bulkSiteActions}>
          <Checkbox
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select ${title}`}
          />
        </Permitted>
        <h3 id={titleId} className="site-card__title">
          {title}
        </h3>
        <Permitted needs={featureAccess.siteListsMenu}>
          <Button
            size="small"
            type="text"
            icon={<PlusSquareOutlined aria-hidden />}
            onClick={onAddToList}
            aria-label={`Add ${title} to a list`}
            title="Add to list"
          />
        </Permitted>
      </header>
      <dl className="site-card__fields">
        {config.elements.map((element) => {
          const value = site[element.dbPropertyName];
          const dot = typeof value === 'string' ? element.formatting?.colouredDotList?.[value] : undefined;
          return (
            <div key={element.dbPropertyName} className="site-card__field" title={element.description}>
              <dt>{element.label}</dt>
              <dd>
                {dot && <span className="site-card__dot" style={{ background: dot }} aria-hidden />}
                {formatCardValue(value, element)}
              </dd>
            </div>
          );
        })}
      </dl>
      {site.site_tags.length > 0 && (
        <ul className="site-card__tags" aria-label="Tags">
          {site.site_tags.map((tag) => (
            <li key={tag.id}>
              <SiteTag name={tag.name} color={tag.color} />
            </li>
          ))}
        </ul>
      )}
      <footer className="site-card__actions">
        {scenarios && (
          <Select
            size="small"
            aria-label="Scenario"
            value={scenario}
            onChange={setScenario}
            options={scenarios.map((name) => ({ label: name, value: name }))}
            popupMatchSelectWidth={false}
          />
        )}
        <Link to={details} className="site-card__link">
          View Site Details
        </Link>
        <Button size="small" icon={<AimOutlined aria-hidden />} onClick={onShowOnMap}>
          Show On Map
        </Button>
      </footer>
    </article>
  );
}
