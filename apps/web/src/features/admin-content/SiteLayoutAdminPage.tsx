import { useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GridLayout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { Alert, Button, Popconfirm, Segmented, Space, Typography, message } from 'antd';
import {
  adminContentMessages as M,
  siteLayoutBreakpoints,
  type SiteLayoutBreakpoint,
  type SiteLayouts,
  type SitePanel,
} from '@planning/shared';
import {
  LAYOUT_BREAKPOINTS,
  LAYOUT_COLUMNS,
  defaultLayouts,
  withEveryPanel,
} from '../../shared/sites/siteLayout';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { adminContentKeys, fetchCouncilLayout, saveCouncilLayout } from './api';
import { when } from '../../shared/event-times/format';
import { LoadingSpin } from '../../components/LoadingSpin';

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

/** Rows drawn shorter than on the site page (40 px), so a whole layout fits on screen: same grid units. */
const PREVIEW_ROW_HEIGHT = 18;

type Item = { i: SitePanel; x: number; y: number; w: number; h: number };

const breakpointLabels: Record<SiteLayoutBreakpoint, string> = {
  '4k': '4K',
  '2k': '2K',
  lg: 'Large',
  md: 'Medium',
  sm: 'Small',
  xs: 'Phone',
  xxs: 'Narrow phone',
};

const widthOf = (breakpoint: SiteLayoutBreakpoint) => {
  const names = [...siteLayoutBreakpoints].sort((a, b) => LAYOUT_BREAKPOINTS[a] - LAYOUT_BREAKPOINTS[b]);
  const next = names[names.indexOf(breakpoint) + 1];
  return next
    ? `${LAYOUT_BREAKPOINTS[breakpoint]}–${LAYOUT_BREAKPOINTS[next] - 1} pixels`
    : `${LAYOUT_BREAKPOINTS[breakpoint]} pixels and wider`;
};

/**
 * One breakpoint's panels on a grid of its columns: dragged by the mouse, or moved with the arrow
 * keys (Shift and an arrow resizes) once a panel has the focus.
 */
function PanelGrid({
  breakpoint,
  items,
  onChange,
}: {
  breakpoint: SiteLayoutBreakpoint;
  items: Item[];
  onChange: (next: Item[]) => void;
}) {
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const cols = LAYOUT_COLUMNS[breakpoint];
  const positions = (layout: readonly { i: string; x: number; y: number; w: number; h: number }[]): Item[] =>
    layout.map(({ i, x, y, w, h }) => ({ i: i as SitePanel, x, y, w, h }));
  const handleKey = (panel: SitePanel, event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const [dx, dy] = move;
    onChange(
      items.map((item) => {
        if (item.i !== panel) return item;
        if (event.shiftKey) {
          const w = Math.min(cols - item.x, Math.max(1, item.w + dx));
          return { ...item, w, h: Math.max(2, item.h + dy) };
        }
        // Moving up past a panel needs a step bigger than one row: jump over its height.
        const y = dy < 0 ? Math.max(0, item.y - 1) : dy > 0 ? item.y + item.h : item.y;
        return { ...item, x: Math.min(cols - item.w, Math.max(0, item.x + dx)), y };
      }),
    );
  };
  return (
    <div ref={containerRef} className="layout-admin__grid">
      {mounted && (
        <GridLayout
          width={width}
          layout={items}
          gridConfig={{ cols, rowHeight: PREVIEW_ROW_HEIGHT, margin: [8, 8], containerPadding: [0, 8] }}
          onDragStop={(layout) => onChange(positions(layout))}
          onResizeStop={(layout) => onChange(positions(layout))}
        >
          {items.map((item) => (
            <div
              key={item.i}
              className="layout-admin__panel"
              data-panel={item.i}
              tabIndex={0}
              role="group"
              aria-roledescription="panel"
              aria-label={`${panelTitles[item.i]}: column ${item.x + 1}, row ${item.y + 1}, ${item.w} columns wide, ${item.h} rows high`}
              onKeyDown={(event) => handleKey(item.i, event)}
            >
              {panelTitles[item.i]}
            </div>
          ))}
        </GridLayout>
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
  const [breakpoint, setBreakpoint] = useState<SiteLayoutBreakpoint>('lg');
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
        Arrange the site page&apos;s panels for each screen size. Staff who have not saved a layout of their
        own see this one on every site page.
      </Typography.Paragraph>
      {current.isLoading && <LoadingSpin label="Loading the layout" />}
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
          <div style={{ margin: '16px 0 8px' }}>
            <Typography.Text id="layout-breakpoint" strong style={{ marginInlineEnd: 12 }}>
              Screen size
            </Typography.Text>
            <Segmented<SiteLayoutBreakpoint>
              aria-labelledby="layout-breakpoint"
              value={breakpoint}
              onChange={setBreakpoint}
              options={[...siteLayoutBreakpoints]
                .sort((a, b) => LAYOUT_BREAKPOINTS[b] - LAYOUT_BREAKPOINTS[a])
                .map((name) => ({ value: name, label: breakpointLabels[name] }))}
            />
          </div>
          <Typography.Paragraph type="secondary">
            Site pages {widthOf(breakpoint)} wide: {LAYOUT_COLUMNS[breakpoint]} columns. Drag a panel by its
            middle and resize it from its corner, or focus it and use the arrow keys (with Shift to resize).
          </Typography.Paragraph>
          <PanelGrid
            key={breakpoint}
            breakpoint={breakpoint}
            items={(shown[breakpoint] ?? []) as Item[]}
            onChange={(items) => {
              setDraft({ ...shown, [breakpoint]: items });
              setTouched(true);
            }}
          />
        </>
      )}
    </AdminFrame>
  );
}
