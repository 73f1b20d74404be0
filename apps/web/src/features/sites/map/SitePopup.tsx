import { useState } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { formatCardValue } from '@planning/shared';

export type PopupSite = {
  id: string;
  id_unique?: string;
  site_name?: string;
  status?: string;
  suitability_assessment_result?: string;
  size_ha?: number;
  optimised_unit_capacity?: number;
};

/** Spec 01 §2: a click on the map opens the site; several under the click read 'n/total'. */
export function SitePopup({ sites, onOpen }: { sites: PopupSite[]; onOpen: (id: string) => void }) {
  const [index, setIndex] = useState(0);
  const site = sites[index]!;
  // Wrapping arrows: after the last comes the first.
  const step = (by: number) => setIndex((index + by + sites.length) % sites.length);
  return (
    <div className="site-popup">
      {sites.length > 1 && (
        <div className="site-popup__pager">
          <Button
            size="small"
            type="text"
            aria-label="Previous site"
            icon={<LeftOutlined />}
            onClick={() => step(-1)}
          />
          <span aria-live="polite">
            {index + 1}/{sites.length}
          </span>
          <Button
            size="small"
            type="text"
            aria-label="Next site"
            icon={<RightOutlined />}
            onClick={() => step(1)}
          />
        </div>
      )}
      <h3 className="site-popup__title">{site.site_name ?? site.id_unique ?? `Site ${site.id}`}</h3>
      <dl className="site-popup__fields">
        <dt>Reference</dt>
        <dd>{formatCardValue(site.id_unique, {})}</dd>
        <dt>Site area</dt>
        <dd>{formatCardValue(site.size_ha, { measurement: 'ha', formatting: { decimals: 2 } })}</dd>
        <dt>Capacity</dt>
        <dd>{formatCardValue(site.optimised_unit_capacity, { formatting: { thousandsSeparator: true } })}</dd>
        <dt>Suitability</dt>
        <dd>{formatCardValue(site.suitability_assessment_result, {})}</dd>
        <dt>Status</dt>
        <dd>{formatCardValue(site.status, {})}</dd>
      </dl>
      <Button type="primary" size="small" onClick={() => onOpen(site.id)}>
        View Site Details
      </Button>
    </div>
  );
}
