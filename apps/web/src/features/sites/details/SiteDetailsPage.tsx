import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { App, Alert, Button, Card, Checkbox, Input, Modal, Select, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, ExpandOutlined, CompressOutlined } from '@ant-design/icons';
import { Responsive, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { Polygon } from 'geojson';
import {
  featureAccess,
  siteMessages,
  type SiteLayouts,
  type SitePanel,
  type SiteRecord,
} from '@planning/shared';
import { ApiError } from '../../../api/client';
import { Permitted } from '../../../platform/access/Permitted';
import { useTenant } from '../../../platform/tenant/TenantContext';
import { useAccess } from '../../../platform/session/hooks';
import { ConfigError } from '../components/ConfigError';
import { AddToListModal } from '../lists/AddToListModal';
import {
  deleteSite,
  fetchFieldOptions,
  fetchCouncilDefaultLayouts,
  fetchSavedLayouts,
  fetchSiteFeaturesConfig,
  fetchSitePage,
  fetchSiteScenarios,
  saveLayouts,
  siteDetailsMessages,
  siteQueryKeys,
  updateBoundary,
  revertSiteOverride,
  updateSiteField,
  updateVisibility,
} from './api';
import type { RevertField, SaveField } from './FeatureCellEditor';
import { FilesPanel } from '../../../shared/files/FilesPanel';
import { SiteSubmissionsSection } from '../../../shared/cfs/SiteSubmissionsSection';
import { ConstraintsPanel } from './ConstraintsPanel';
import { HistoryPanel } from './HistoryPanel';
import { NotesPanel } from './NotesPanel';
import { SiteFeaturesPanel } from './SiteFeaturesPanel';
import { RelatedSitesPanel } from './RelatedSitesPanel';
import { SiteOutlineMap } from './SiteOutlineMap';
import { PolygonErrorModal } from '../map/PolygonErrorModal';
import { SiteTagsEditor } from './SiteTagsEditor';
import {
  defaultLayouts,
  expandedLayouts,
  LAYOUT_BREAKPOINTS,
  LAYOUT_COLUMNS,
  LAYOUT_ROW_HEIGHT,
  readStoredLayouts,
  storeLayouts,
  toSavedLayouts,
  withEveryPanel,
} from '../../../shared/sites/siteLayout';
import '../../../shared/sites/sites.css';

const write = [{ unit: 'sites', action: 'write' }] as const;
const remove = [{ unit: 'sites', action: 'delete' }] as const;
const panelTitles: Record<SitePanel, string> = {
  map: 'Site map',
  cutMap: 'Cut boundary',
  notes: 'Notes',
  features: 'Site features',
  history: 'History',
  related: 'Related sites',
  files: 'Files',
  constraints: 'Constraints',
};

type LayoutMode = 'view' | 'editing';

/** Spec 01 §2 "Site details screen": the officer's working record of one site. */
export function SiteDetailsPage() {
  const { siteId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const scenario = params.get('scenario') ?? undefined;
  const { tenant, flags } = useTenant();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const canWrite = useAccess(write).permitted;
  const page = useQuery({
    queryKey: siteQueryKeys.page(siteId, scenario),
    queryFn: ({ signal }) => fetchSitePage(siteId, scenario, signal),
    enabled: /^\d{1,18}$/.test(siteId),
  });
  const features = useQuery({
    queryKey: siteQueryKeys.featuresConfig,
    queryFn: ({ signal }) => fetchSiteFeaturesConfig(signal),
  });
  const options = useQuery({
    queryKey: ['data-dictionary', 'options'],
    queryFn: ({ signal }) => fetchFieldOptions(signal),
  });
  const scenariosOn = flags.scenariosInSiteView === true;
  const site = page.data?.site;
  const scenarios = useQuery({
    queryKey: siteQueryKeys.scenarios(site?.id ?? siteId),
    queryFn: ({ signal }) => fetchSiteScenarios(site!.id, signal),
    enabled: Boolean(site) && scenariosOn,
  });

  // Layout: the user's saved one (server, then this browser), else the defaults.
  const saved = useQuery({
    queryKey: siteQueryKeys.layout,
    queryFn: ({ signal }) => fetchSavedLayouts(signal),
    staleTime: Infinity,
  });
  const [mode, setMode] = useState<LayoutMode>('view');
  const [expanded, setExpanded] = useState(false);
  const [draftLayouts, setDraftLayouts] = useState<SiteLayouts | null>(null);
  // Else the council's default (issue 16, set in the admin area), else the built-in one.
  const councilDefault = useQuery({
    queryKey: siteQueryKeys.councilLayout,
    queryFn: ({ signal }) => fetchCouncilDefaultLayouts(signal),
    staleTime: 5 * 60_000,
  });
  const lastSaved = saved.data ?? readStoredLayouts(tenant.name) ?? null;
  const fallbackLayouts = councilDefault.data ? withEveryPanel(councilDefault.data) : defaultLayouts();
  const layouts = expanded
    ? expandedLayouts()
    : (draftLayouts ?? (lastSaved ? withEveryPanel(lastSaved) : fallbackLayouts));

  const [drawing, setDrawing] = useState(false);
  const [polygonError, setPolygonError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [typedDelete, setTypedDelete] = useState('');
  const [addingToList, setAddingToList] = useState(false);
  const [choosingScenarios, setChoosingScenarios] = useState(false);
  const [publicScenarios, setPublicScenarios] = useState<string[]>([]);

  const afterChange = (next: SiteRecord) => {
    client.setQueryData(siteQueryKeys.page(siteId, scenario), (old: typeof page.data) =>
      old ? { ...old, site: next } : old,
    );
    void client.invalidateQueries({ queryKey: ['site', next.id, 'timeline'] });
    // A new boundary meets other constraints (worked out by the server with the edit).
    void client.invalidateQueries({ queryKey: siteQueryKeys.overlaps(next.id) });
    void client.invalidateQueries({ queryKey: ['search'] });
  };

  const onSave: SaveField = async ({ cell, value, reason }) => {
    if (!site) return;
    try {
      const answer = await updateSiteField(site.id, {
        column_name_raw: cell.dbPropertyName,
        column_name_readable: cell.label,
        new_value: value,
        version: site.version,
        ...(cell.allScenarios ? { should_update_all_scenarios: true } : {}),
        ...(reason ? { override_reason: reason } : {}),
      });
      afterChange(answer.site);
    } catch (error) {
      // Someone else changed the site: read it again so the next edit starts from their version.
      if (error instanceof ApiError && error.status === 409) void page.refetch();
      throw error;
    }
  };

  const onRevert: RevertField = async (cell) => {
    if (!site) return;
    try {
      afterChange((await revertSiteOverride(site.id, cell.dbPropertyName, site.version)).site);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) void page.refetch();
      throw error;
    }
  };

  const boundary = useMutation({
    mutationFn: (polygon: Polygon) => updateBoundary(site!.id, polygon, site!.version),
    onSuccess: (answer) => {
      setDrawing(false);
      afterChange(answer.site);
      void message.success('Boundary saved');
    },
    onError: (error) => {
      setDrawing(false);
      setPolygonError(error instanceof ApiError ? error.message : siteMessages.polygonEmpty);
      if (error instanceof ApiError && error.status === 409) void page.refetch();
    },
  });

  const remover = useMutation({
    mutationFn: () => deleteSite(site!.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['search'] });
      void message.success('Site deleted');
      void navigate('/');
    },
    onError: (error) =>
      void message.error(`${error instanceof ApiError ? error.message : 'Request failed'}!`),
  });

  const visibility = useMutation({
    mutationFn: (body: { public_map_visibility: boolean; scenario_names?: string[] }) =>
      updateVisibility(site!.id, { ...body, version: site!.version }),
    onSuccess: (next) => {
      setChoosingScenarios(false);
      afterChange(next);
      void scenarios.refetch();
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : 'Request failed'),
  });

  const layoutSaver = useMutation({
    mutationFn: (next: SiteLayouts | null) => saveLayouts(next),
    onSuccess: ({ layouts: next }) => {
      storeLayouts(tenant.name, next);
      client.setQueryData(siteQueryKeys.layout, next);
      setDraftLayouts(null);
      setMode('view');
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : 'Request failed'),
  });

  const panels = useMemo<Record<SitePanel, ReactNode>>(() => {
    if (!site) return {} as Record<SitePanel, ReactNode>;
    return {
      map: (
        <SiteOutlineMap
          key={`map-${site.id}`}
          label={`Map of ${site.properties.site_name ?? site.id_unique}`}
          geometry={site.wkb_geometry}
          bbox={site.bbox}
          scenario={site.scenario_name}
          mainColor={tenant.mainColor}
          baseMaps={tenant.baseMaps}
          drawing={drawing}
          onDrawn={(polygon) => boundary.mutate(polygon)}
          withLayers
        />
      ),
      cutMap: site.wkb_geometry_cut ? (
        <SiteOutlineMap
          key={`cut-${site.id}`}
          label="Map of the cut boundary"
          geometry={site.wkb_geometry_cut}
          bbox={site.bbox}
          scenario={site.scenario_name}
          mainColor={tenant.mainColor}
          baseMaps={tenant.baseMaps}
          outline="cut-sites"
        />
      ) : (
        <Typography.Paragraph type="secondary">This site has no cut boundary.</Typography.Paragraph>
      ),
      notes: <NotesPanel siteId={site.id} canWrite={canWrite} />,
      features: features.error ? (
        <ConfigError type="site-features" error={features.error} />
      ) : features.data ? (
        <SiteFeaturesPanel
          config={features.data}
          site={site}
          options={options.data ?? {}}
          canEdit={canWrite}
          onSave={onSave}
          onRevert={onRevert}
        />
      ) : (
        <Spin />
      ),
      history: <HistoryPanel siteId={site.id} />,
      related: <RelatedSitesPanel siteId={site.id} canWrite={canWrite} />,
      files: <FilesPanel siteId={site.id} />,
      constraints: <ConstraintsPanel siteId={site.id} />,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- panels follow the site and its settings
  }, [site, features.data, features.error, options.data, canWrite, drawing, tenant]);

  if (page.isPending && page.fetchStatus !== 'idle') return <Spin fullscreen tip="Loading site" />;
  if (page.error || !site) {
    const text = page.error instanceof ApiError ? page.error.message : siteDetailsMessages.fetchFailed;
    return (
      <main className="site-details site-details--error">
        <Alert type="error" showIcon message={siteDetailsMessages.fetchFailed} description={text} />
        <Link to="/map">Back to the site search</Link>
      </main>
    );
  }

  const title = (site.properties.site_name as string | null) || site.id_unique;
  const onVisibilityToggle = (checked: boolean) => {
    // Spec 01 §4: with scenarios on, toggling starts scenario selection mode.
    if (scenariosOn) {
      setPublicScenarios(
        (scenarios.data?.scenarios ?? [])
          .filter((row) => row.public_map_visibility)
          .map((row) => row.scenario_name),
      );
      setChoosingScenarios(true);
    } else visibility.mutate({ public_map_visibility: checked });
  };

  return (
    <main className="site-details" aria-labelledby="site-title">
      <header className="site-details__header">
        <div>
          <h1 id="site-title" className="site-details__title">
            {title}
          </h1>
          <p className="site-details__subtitle">
            {site.id_unique} · {site.scenario_name}
          </p>
          <SiteTagsEditor siteId={site.id} tags={site.site_tags} canWrite={canWrite} />
        </div>
        <Space wrap className="site-details__actions">
          {scenariosOn && scenarios.data && (
            <Select
              aria-label="Scenario"
              value={site.scenario_name}
              onChange={(next) => setParams({ scenario: next })}
              options={scenarios.data.scenarios.map((row) => ({
                label: row.scenario_name,
                value: row.scenario_name,
              }))}
              style={{ minWidth: 160 }}
            />
          )}
          <Permitted needs={write}>
            <Checkbox
              checked={site.public_map_visibility}
              onChange={(event) => onVisibilityToggle(event.target.checked)}
            >
              On the public map
            </Checkbox>
          </Permitted>
          <Permitted needs={featureAccess.siteListsMenu}>
            <Button onClick={() => setAddingToList(true)}>Add to list</Button>
          </Permitted>
          <Permitted needs={write}>
            <Button
              onClick={() => setDrawing((on) => !on)}
              type={drawing ? 'primary' : 'default'}
              aria-pressed={drawing}
            >
              {drawing ? 'Stop drawing' : 'Edit boundary'}
            </Button>
          </Permitted>
          <Link to={`/site/${site.id}/map`}>Full map</Link>
          <Permitted needs={remove}>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Permitted>
        </Space>
      </header>

      {drawing && (
        <Alert
          type="info"
          showIcon
          message="Click on the site map to draw the new boundary; click the first point again to finish."
        />
      )}
      {choosingScenarios && scenarios.data && (
        <Alert
          type="info"
          message="Choose the scenarios to show on the public map"
          description={
            <Space direction="vertical">
              <Checkbox.Group
                value={publicScenarios}
                onChange={(next) => setPublicScenarios(next as string[])}
                options={scenarios.data.scenarios.map((row) => row.scenario_name)}
              />
              <Space>
                <Button
                  type="primary"
                  loading={visibility.isPending}
                  onClick={() => {
                    const all = scenarios.data!.scenarios.map((row) => row.scenario_name);
                    const hidden = all.filter((name) => !publicScenarios.includes(name));
                    void (async () => {
                      if (publicScenarios.length)
                        await visibility.mutateAsync({
                          public_map_visibility: true,
                          scenario_names: publicScenarios,
                        });
                      if (hidden.length)
                        await visibility.mutateAsync({
                          public_map_visibility: false,
                          scenario_names: hidden,
                        });
                    })();
                  }}
                >
                  Update visibility
                </Button>
                <Button onClick={() => setChoosingScenarios(false)}>Cancel</Button>
              </Space>
            </Space>
          }
        />
      )}

      <SiteSubmissionsSection siteId={site.id} />

      <div className="site-details__layout-bar">
        {mode === 'view' ? (
          <Button size="small" onClick={() => setMode('editing')} disabled={expanded}>
            Edit layout
          </Button>
        ) : (
          <Space>
            <Button
              size="small"
              type="primary"
              loading={layoutSaver.isPending}
              onClick={() => layoutSaver.mutate(draftLayouts ?? lastSaved ?? fallbackLayouts)}
            >
              Save layout
            </Button>
            <Button size="small" onClick={() => layoutSaver.mutate(null)}>
              Reset to defaults
            </Button>
            <Button
              size="small"
              onClick={() => {
                setDraftLayouts(null);
                setMode('view');
              }}
            >
              Cancel
            </Button>
          </Space>
        )}
      </div>

      <MeasuredGrid
        className={`site-details__grid${mode === 'editing' ? ' site-details__grid--editing' : ''}`}
      >
        {(width) => (
          <Responsive
            width={width}
            layouts={layouts}
            breakpoints={LAYOUT_BREAKPOINTS}
            cols={LAYOUT_COLUMNS}
            rowHeight={LAYOUT_ROW_HEIGHT}
            margin={[12, 12]}
            containerPadding={[0, 12]}
            dragConfig={{ enabled: mode === 'editing', handle: '.site-panel__title' }}
            resizeConfig={{ enabled: mode === 'editing' }}
            onLayoutChange={(_current, all) => {
              if (mode === 'editing') setDraftLayouts(toSavedLayouts(all));
            }}
          >
            {(Object.keys(panelTitles) as SitePanel[]).map((panel) => (
              <div key={panel} className="site-panel" data-panel={panel}>
                <Card
                  size="small"
                  title={<h2 className="site-panel__title">{panelTitles[panel]}</h2>}
                  extra={
                    panel === 'features' && mode === 'view' ? (
                      <Button
                        size="small"
                        type="text"
                        icon={expanded ? <CompressOutlined aria-hidden /> : <ExpandOutlined aria-hidden />}
                        onClick={() => setExpanded((on) => !on)}
                        aria-label={expanded ? 'Restore the layout' : 'Expand site features'}
                        aria-pressed={expanded}
                      />
                    ) : undefined
                  }
                  className="site-panel__card"
                >
                  {panels[panel]}
                </Card>
              </div>
            ))}
          </Responsive>
        )}
      </MeasuredGrid>

      <Modal
        open={deleting}
        title="Delete this site?"
        okText="Delete"
        okButtonProps={{
          danger: true,
          disabled: typedDelete !== siteMessages.typeDelete,
          loading: remover.isPending,
        }}
        onOk={() => remover.mutate()}
        onCancel={() => {
          setDeleting(false);
          setTypedDelete('');
        }}
        destroyOnHidden
      >
        <p>
          {title} leaves the search, the map and every list. Type <strong>{siteMessages.typeDelete}</strong>{' '}
          to confirm.
        </p>
        <Input
          value={typedDelete}
          onChange={(event) => setTypedDelete(event.target.value)}
          aria-label={`Type ${siteMessages.typeDelete} to confirm`}
          autoFocus
        />
      </Modal>
      <PolygonErrorModal message={polygonError} onClose={() => setPolygonError(null)} />
      <AddToListModal open={addingToList} siteIds={[site.id]} onClose={() => setAddingToList(false)} />
    </main>
  );
}

/**
 * The grid's own width, measured from its first render: it mounts with the site's data, so the
 * measuring starts when the element exists (a hook in the page would start while it loads, find
 * nothing and keep the library's 1280 px guess).
 */
function MeasuredGrid({
  className,
  children,
}: {
  className: string;
  children: (width: number) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  return (
    <div ref={containerRef} className={className}>
      {mounted && children(width)}
    </div>
  );
}
