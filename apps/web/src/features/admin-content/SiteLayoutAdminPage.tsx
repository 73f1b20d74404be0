import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Responsive, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { Alert, Button, Popconfirm, Space, Spin, Typography, message } from 'antd';
import { adminContentMessages as M, sitePanels, type SiteLayouts, type SitePanel } from '@planning/shared';
import {
  LAYOUT_BREAKPOINTS,
  LAYOUT_COLUMNS,
  LAYOUT_ROW_HEIGHT,
  defaultLayouts,
  toSavedLayouts,
  withEveryPanel,
} from '../sites/details/siteLayout';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { AdminFrame } from './AdminFrame';
import { adminContentKeys, fetchCouncilLayout, saveCouncilLayout } from './api';
import { when } from './format';

/** The site page's panels by the names the site page gives them. */
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

function PanelGrid({ layouts, onChange }: { layouts: SiteLayouts; onChange: (next: SiteLayouts) => void }) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const [breakpoint, setBreakpoint] = useState<string | null>(null);
  return (
    <div ref={containerRef} className="layout-admin__grid">
      {breakpoint && (
        <Typography.Paragraph type="secondary">
          Arranging the layout for screens{' '}
          {breakpoint === 'xxs'
            ? 'under 480'
            : `from ${LAYOUT_BREAKPOINTS[breakpoint as keyof typeof LAYOUT_BREAKPOINTS]}`}{' '}
          pixels wide ({LAYOUT_COLUMNS[breakpoint as keyof typeof LAYOUT_COLUMNS]} columns). Narrow or widen
          the window to arrange the others.
        </Typography.Paragraph>
      )}
      {mounted && (
        <Responsive
          width={width}
          layouts={layouts}
          breakpoints={LAYOUT_BREAKPOINTS}
          cols={LAYOUT_COLUMNS}
          rowHeight={LAYOUT_ROW_HEIGHT}
          margin={[12, 12]}
          containerPadding={[0, 12]}
          onBreakpointChange={(name) => setBreakpoint(name)}
          onLayoutChange={(_current, all) => onChange(toSavedLayouts(all))}
        >
          {sitePanels.map((panel) => (
            <div key={panel} className="layout-admin__panel" data-panel={panel}>
              {panelTitles[panel]}
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}

/** /admin/placemaker/layout: the site page's panels as the council's default layout. */
export function SiteLayoutAdminPage() {
  const client = useQueryClient();
  const [notice, context] = message.useMessage();
  const current = useQuery({
    queryKey: adminContentKeys.layout,
    queryFn: ({ signal }) => fetchCouncilLayout(signal),
  });
  const [draft, setDraft] = useState<SiteLayouts | null>(null);
  const [touched, setTouched] = useState(false);
  useUnsavedChangesGuard(touched, {
    title: 'Leave without saving?',
    content: 'The layout you arranged will be lost.',
    leave: 'Leave',
    stay: 'Stay',
  });
  const save = useMutation({
    mutationFn: (layouts: SiteLayouts | null) => saveCouncilLayout(layouts),
    onSuccess: (saved, layouts) => {
      client.setQueryData(adminContentKeys.layout, saved);
      void client.invalidateQueries({ queryKey: ['site-layout'] });
      setDraft(null);
      setTouched(false);
      void notice.success(layouts ? M.layoutSaved : M.layoutReset);
    },
  });
  const shown = draft ?? (current.data?.layouts ? withEveryPanel(current.data.layouts) : defaultLayouts());
  return (
    <AdminFrame
      title="Layout"
      extra={
        <Space>
          <Button
            type="primary"
            loading={save.isPending && save.variables !== null}
            disabled={!current.data}
            onClick={() => save.mutate(shown)}
          >
            Save as council default
          </Button>
          <Button disabled={!touched} onClick={() => (setDraft(null), setTouched(false))}>
            Discard changes
          </Button>
          <Popconfirm
            title="Reset to the built-in layout?"
            description="Staff without a layout of their own will see the built-in one."
            okText="Reset"
            cancelText="Keep"
            onConfirm={() => save.mutate(null)}
          >
            <Button loading={save.isPending && save.variables === null} disabled={!current.data?.layouts}>
              Reset to built-in
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      {context}
      <Typography.Paragraph>
        Drag the site page&apos;s panels by their middle and resize them from their corner. Staff who have not
        saved a layout of their own see this one on every site page.
      </Typography.Paragraph>
      {current.isLoading && <Spin aria-label="Loading the layout" />}
      {current.error && (
        <Alert
          type="error"
          showIcon
          message="Failed to load the layout"
          action={<Button onClick={() => void current.refetch()}>Try again</Button>}
        />
      )}
      {save.error && (
        <Alert type="error" showIcon message="Failed to save changes" style={{ marginBottom: 12 }} />
      )}
      {current.data && (
        <>
          <Typography.Text type="secondary" role="status">
            {current.data.layouts
              ? `Council default saved ${when(current.data.updatedAt)}${current.data.updatedBy ? ` by ${current.data.updatedBy}` : ''}.`
              : 'The council uses the built-in layout.'}
            {touched && ' You have changes not saved yet.'}
          </Typography.Text>
          <PanelGrid
            layouts={shown}
            onChange={(next) => {
              // The grid reports its layout once as it mounts: only a real move is a change.
              if (JSON.stringify(next) === JSON.stringify(toSavedLayouts(shown))) return;
              setDraft(next);
              setTouched(true);
            }}
          />
        </>
      )}
    </AdminFrame>
  );
}
