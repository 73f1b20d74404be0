import { Button, Checkbox, Dropdown } from 'antd';
import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { featureAccess } from '@planning/shared';
import { Permitted } from '../../../app/access/Permitted';

/**
 * Spec 01 §2 "Site search screen". The filters, map and results arrive with the site search
 * work; the results header and its permissions are here already.
 */
export function SiteSearchPage() {
  return (
    <div className="page">
      <h1 className="page__title">Site search</h1>
      <p>The map and filters are coming soon.</p>
      <section className="site-results-header" aria-label="Search results">
        <Permitted needs={featureAccess.searchButton}>
          <Button type="primary" icon={<SearchOutlined aria-hidden />}>
            Search Sites
          </Button>
        </Permitted>
        <span className="site-results-header__count">0 sites</span>
        <Permitted needs={featureAccess.bulkSiteActions}>
          <Checkbox>Select all</Checkbox>
        </Permitted>
        <Permitted needs={featureAccess.bulkSiteActions}>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'add-to-list', label: 'Add to list' },
                { key: 'add-tag', label: 'Add tag' },
                { key: 'delete', label: 'Delete', danger: true },
              ],
            }}
          >
            <Button>
              Bulk actions <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        </Permitted>
      </section>
    </div>
  );
}
