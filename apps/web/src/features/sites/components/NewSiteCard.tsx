import { Button, Spin, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { SearchFilter, SiteCardConfig } from '@planning/shared';
import { requestFailureMessage } from '../../../platform/notices/errorNotice';
import { searchSites, sitesMessages } from '../../../shared/sites/api';
import { SiteCard, type ResultSite } from './SiteCard';

/** Said on the new site's card when the applied filters leave it out. */
export const NOT_MATCHING_TEXT = 'Shown although it does not match your filters';

type NewSiteCardProps = {
  site: { id: string; name: string };
  filters: SearchFilter[];
  scenario: string | undefined;
  attributes: string[];
  config: SiteCardConfig;
  scenarios: string[] | null;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onShowOnMap: () => void;
  onAddToList: () => void;
  onClose: () => void;
};

/**
 * A site drawn just now, kept at the top of the results (issue 25 point 6): an officer who drew
 * it under filters it does not meet would otherwise see it vanish. It stays until the filters
 * change or the officer closes it.
 */
export function NewSiteCard({ site, filters, scenario, attributes, onClose, ...card }: NewSiteCardProps) {
  const shown = useQuery({
    queryKey: ['search', 'new-site', site.id, scenario, attributes],
    queryFn: ({ signal }) =>
      searchSites({ filters: [], siteIds: [site.id], scenario, attributes, limit: 1 }, signal),
  });
  const matching = useQuery({
    queryKey: ['search', 'new-site', site.id, scenario, 'matching', filters],
    queryFn: ({ signal }) => searchSites({ filters, siteIds: [site.id], scenario, limit: 1 }, signal),
  });
  const found = shown.data?.sites[0] as ResultSite | undefined;
  // Deleted since, or not in this scenario: nothing to show.
  if (shown.isSuccess && !found) return null;
  return (
    <section className="site-results__new" aria-label="New site">
      <div className="site-results__new-bar">
        <Tag className="site-results__new-tag">New site</Tag>
        {matching.data?.total === 0 && <span className="site-results__new-note">{NOT_MATCHING_TEXT}</span>}
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label={`Stop showing ${site.name} above the results`}
          onClick={onClose}
        />
      </div>
      {found ? (
        <SiteCard site={found} {...card} />
      ) : shown.isError ? (
        <p role="alert">{requestFailureMessage(shown.error, sitesMessages.searchFailed)}</p>
      ) : (
        <Spin size="small" />
      )}
    </section>
  );
}
