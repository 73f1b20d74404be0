import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import {
  EXPORT_LIMITS,
  featureAccess,
  tileQueryString,
  type FilterValues,
  type SearchArea,
} from '@planning/shared';
import { Button, Spin } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { NARROW_LAYOUT, useMediaQuery } from '../../../components/useMediaQuery';
import { notifyError } from '../../../platform/notices/notifyError';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { useAccess } from '../../../platform/session/hooks';
import {
  fetchScenarios,
  fetchSiteCardConfig,
  fetchSiteGeometries,
  sitesMessages,
  sitesQueryKeys,
} from '../../../shared/sites/api';
import { FilterPanel } from '../../../shared/sites/components/FilterPanel';
import { ResultsList } from '../components/ResultsList';
import { resultKeys, startResultPages } from '../useResultPages';
import { cardAttributes } from '../../../shared/sites/resultPages';
import { SiteMap } from '../map/SiteMap';
import { DEFAULT_CENTRE } from '../../../shared/sites/map/mapStyle';
import { useStoredSearch, type StoredSearch } from '../searchState';
import { useAppliedFilters } from '../useAppliedFilters';
import { useFilterOptions } from '../../../shared/sites/useFilterOptions';

/** Spec 01 §9: the filter panel is 350 px wide, beside the map or in its drawer. */
const FILTER_PANEL_WIDTH = 350;

/** Searches cover the base scenario; other scenarios are opened from a site. */
const DEFAULT_SCENARIO = 'Base';
/** A query key no query has: nothing to wait for before the list's search is known. */
const NO_LIST = ['site-search', 'no-list'] as const;

/**
 * Spec 01 §2: export search results carries siteIds and scenario in the address; a large set
 * would outgrow it, so it travels in the navigation state only (the page reads either).
 */
function dataExportAddress(siteIds: string[], scenario: string): string {
  const query = new URLSearchParams({ scenario });
  if (siteIds.length <= EXPORT_LIMITS.maxSiteIdsInAddress) query.set('siteIds', siteIds.join(','));
  return `/data-export?${query.toString().replace(/%2C/g, ',')}`;
}
import '../../../shared/sites/sites.css';

// Neither is on a wide screen's /map as it opens: the drawer only below 1080 px, the error only
// when a config cannot be read (issue 25: fewer scripts for /map).
const ConfigError = lazy(() =>
  import('../components/ConfigError').then((module) => ({ default: module.ConfigError })),
);
const Drawer = lazy(() => import('antd/es/drawer'));

/** A part of the screen still waiting for its config, in its own place in the grid. */
function PanelLoading({ className, label }: { className: string; label: string }) {
  return (
    <div className={`${className} site-search__loading`} role="status" aria-label={label}>
      <Spin />
    </div>
  );
}

/** Spec 01 §2 "Site search screen" (/map): filters on the left, the map, results on the right. */
export function SiteSearchPage() {
  const { tenant, flags } = useTenant();
  const navigate = useNavigate();
  const [search, apply] = useStoredSearch(tenant.name);
  const withScenario = flags.scenariosInSiteView === true;
  const [draft, setDraft] = useState<FilterValues>(search.values);
  const [searchInArea, setSearchInArea] = useState(search.area !== null);
  // Like every other filter, a drawn area (or switching it off) waits for 'Search Sites'.
  const [draftArea, setDraftArea] = useState<SearchArea | null>(search.area);
  const narrow = useMediaQuery(NARROW_LAYOUT);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [highlight, setHighlight] = useState<FeatureCollection | null>(null);
  const client = useQueryClient();
  const canDrawSites = useAccess(featureAccess.drawSites).permitted;
  // Bumped when sites are drawn or deleted, so the map asks for its tiles again.
  const [mapRevision, setMapRevision] = useState(0);
  // A site drawn just now stays on the map and above the results, matching the filters or not,
  // until the search changes or the officer closes it (issue 25 point 6).
  const [newSite, setNewSite] = useState<{ id: string; name: string } | null>(null);
  const newSiteOutline = useQuery({
    queryKey: ['search', 'new-site', newSite?.id, 'outline'],
    queryFn: ({ signal }) => fetchSiteGeometries([newSite!.id], signal) as Promise<FeatureCollection>,
    enabled: newSite !== null,
  });
  const applySearch = (next: StoredSearch) => {
    setNewSite(null);
    apply(next);
  };
  const siteAddress = (id: string) =>
    withScenario ? `/site/${id}?scenario=${DEFAULT_SCENARIO}` : `/site/${id}`;
  const { config: searchConfig, filters } = useAppliedFilters(search.values, search.area);
  const cardConfig = useQuery({
    queryKey: sitesQueryKeys.cardConfig,
    queryFn: ({ signal }) => fetchSiteCardConfig(signal),
  });

  // Issue 25 point 7: the list's first page and ids go out in this render, not once the map and the
  // list have mounted; the filters' option lists wait for that first page (the embedded database
  // answers one query at a time, and counting every option's sites came first and took 0.2 s).
  const listSearch = useMemo(
    () =>
      filters && cardConfig.data
        ? { filters, scenario: undefined, attributes: cardAttributes(cardConfig.data) }
        : null,
    [filters, cardConfig.data],
  );
  if (listSearch) startResultPages(client, listSearch);
  const listStarting = useIsFetching({ queryKey: listSearch ? resultKeys.page(listSearch, 0) : NO_LIST }) > 0;
  const options = useFilterOptions(searchConfig.data, { wait: listSearch === null || listStarting });

  const tileQuery = useMemo(() => (filters ? tileQueryString({ filters }) : null), [filters]);
  const scenarios = useQuery({
    queryKey: sitesQueryKeys.scenarios,
    queryFn: ({ signal }) => fetchScenarios(signal),
    enabled: withScenario,
  });

  if (searchConfig.isError || cardConfig.isError)
    return (
      <Suspense fallback={<Spin />}>
        {searchConfig.isError ? (
          <ConfigError type="site-search" error={searchConfig.error} />
        ) : (
          <ConfigError type="site-card" error={cardConfig.error} />
        )}
      </Suspense>
    );

  const showOnMap = async (id: string) => {
    try {
      setHighlight((await fetchSiteGeometries([id])) as FeatureCollection);
    } catch (error) {
      notifyError(error, sitesMessages.geometriesFailed);
    }
  };

  const filterPanel = searchConfig.data && (
    <FilterPanel
      config={searchConfig.data}
      values={draft}
      options={options.data ?? {}}
      optionsLoading={options.data === undefined && !options.isError}
      onChange={setDraft}
      onSearch={() => {
        applySearch({ values: draft, area: searchInArea ? draftArea : null });
        setFiltersOpen(false);
      }}
      onReset={() => {
        setDraft({});
        setSearchInArea(false);
        setDraftArea(null);
        applySearch({ values: {}, area: null });
      }}
      area={{
        searchInArea,
        onSearchInAreaChange: setSearchInArea,
        hasArea: draftArea !== null,
        areaPending: (searchInArea ? draftArea : null) !== search.area,
      }}
    />
  );

  return (
    <div className="site-search">
      <h1 className="visually-hidden">Site search</h1>
      {/* Each part shows as soon as it can: the map needs neither config when nothing is chosen. */}
      {/* Below 1080 px the panel is a drawer, so the map and results keep the screen. */}
      {narrow && (
        <div className="site-search__bar">
          <Button icon={<FilterOutlined aria-hidden />} onClick={() => setFiltersOpen(true)}>
            Search and Filter
          </Button>
        </div>
      )}
      {!searchConfig.data ? (
        !narrow && <PanelLoading className="filter-panel" label="Loading the filters" />
      ) : narrow ? (
        <Suspense fallback={null}>
          <Drawer
            title="Search and Filter"
            placement="left"
            width={FILTER_PANEL_WIDTH}
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            styles={{ body: { padding: 0 } }}
          >
            {filterPanel}
          </Drawer>
        </Suspense>
      ) : (
        filterPanel
      )}
      {tileQuery === null ? (
        <PanelLoading className="site-map" label="Loading the map" />
      ) : (
        <SiteMap
          centre={tenant.locationLonLat ?? DEFAULT_CENTRE}
          mainColor={tenant.mainColor}
          baseMaps={tenant.baseMaps}
          tileQuery={tileQuery}
          highlight={highlight}
          drawArea={searchInArea}
          area={searchInArea ? draftArea : null}
          onAreaDrawn={setDraftArea}
          canDrawSites={canDrawSites}
          revision={mapRevision}
          onSiteCreated={(site) => {
            setMapRevision((revision) => revision + 1);
            setNewSite(site);
            void client.invalidateQueries({ queryKey: ['search'] });
          }}
          newSite={newSite ? (newSiteOutline.data ?? null) : null}
          siteAddress={siteAddress}
          onOpenSite={(id) => navigate(siteAddress(id))}
        />
      )}
      {filters && cardConfig.data ? (
        <ResultsList
          key={tileQuery}
          filters={filters}
          scenario={undefined}
          config={cardConfig.data}
          scenarios={withScenario ? (scenarios.data?.map((s) => s.name) ?? ['Base']) : null}
          onShowOnMap={(id) => void showOnMap(id)}
          onExport={(what) =>
            'siteIds' in what
              ? navigate(dataExportAddress(what.siteIds, DEFAULT_SCENARIO), {
                  state: { siteIds: what.siteIds, scenario: DEFAULT_SCENARIO },
                })
              : navigate(`/data-export?scenario=${encodeURIComponent(DEFAULT_SCENARIO)}`, {
                  state: { filters: what.filters, total: what.total, scenario: DEFAULT_SCENARIO },
                })
          }
          onSitesDeleted={() => setMapRevision((revision) => revision + 1)}
          newSite={newSite}
          onCloseNewSite={() => setNewSite(null)}
        />
      ) : (
        <PanelLoading className="site-results" label="Loading the results" />
      )}
    </div>
  );
}
