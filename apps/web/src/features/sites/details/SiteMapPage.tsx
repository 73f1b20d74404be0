import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { ApiError } from '../../../api/client';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { fetchSitePage, siteDetailsMessages, siteQueryKeys } from './api';
import { SiteOutlineMap } from './SiteOutlineMap';
import '../../../shared/sites/sites.css';

/** /site/{id}/map: the site on a full map, with no header or side bar (layoutVisibility). */
export function SiteMapPage() {
  const { siteId = '' } = useParams();
  const scenario = useSearchParams()[0].get('scenario') ?? undefined;
  const { tenant } = useTenant();
  const page = useQuery({
    queryKey: siteQueryKeys.page(siteId, scenario),
    queryFn: ({ signal }) => fetchSitePage(siteId, scenario, signal),
  });
  if (page.isPending) return <Spin fullscreen tip="Loading site" />;
  if (page.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={siteDetailsMessages.fetchFailed}
        description={page.error instanceof ApiError ? page.error.message : undefined}
      />
    );
  }
  const { site } = page.data;
  return (
    <main className="site-full-map">
      <h1 className="visually-hidden">
        Map of {(site.properties.site_name as string | null) ?? site.id_unique}
      </h1>
      <SiteOutlineMap
        label={`Map of ${(site.properties.site_name as string | null) ?? site.id_unique}`}
        geometry={site.wkb_geometry}
        bbox={site.bbox}
        scenario={site.scenario_name}
        mainColor={tenant.mainColor}
        baseMaps={tenant.baseMaps}
        withLayers
      />
      <Link className="site-full-map__back" to={`/site/${site.id}`}>
        Back to the site
      </Link>
    </main>
  );
}
