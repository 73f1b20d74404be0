import { useMemo, useState } from 'react';
import { Button, Layout, Menu, Tooltip, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { featureAccess } from '@planning/shared';
import { useAccess } from '../../platform/session/hooks';
import { fetchSiteLists, listQueryKeys } from '../../features/sites/lists/api';
import { useTenant } from '../../platform/tenant/TenantContext';
import { useNavCollapsed } from './navCollapsed';
import { NARROW_LAYOUT, useMediaQuery } from '../../components/useMediaQuery';
import {
  activeSideMenuKey,
  sideMenu,
  sideMenuTargets,
  visibleSideMenu,
  type SideMenuEntry,
  type SideMenuLink,
} from './sideMenu';
import { SiteListsNav } from './SiteListsNav';
import type { SiteListLink } from './siteListsFilter';

/** Spec 01 §2: 46 px collapsed, 211 px open. */
export const SIDE_NAV_WIDTH = 211;
export const SIDE_NAV_COLLAPSED_WIDTH = 46;

// Site lists arrive with the lists work; until then the menu shows its empty state.

/** antd's default 24 px indent truncates 'Sites Form Builder' at 211 px. */
const MENU_INDENT = 16;

type MenuItems = NonNullable<MenuProps['items']>;

function leafItem(leaf: SideMenuLink): MenuItems[number] {
  const Icon = leaf.icon;
  if (leaf.to) return { key: leaf.key, label: leaf.label, icon: <Icon aria-hidden /> };
  // A greyed entry says why, to the pointer (title) and to screen readers (its name).
  const reason = leaf.unavailable ?? 'Not available';
  return {
    key: leaf.key,
    label: (
      <span title={reason} aria-label={`${leaf.label}: ${reason}`}>
        {leaf.label}
      </span>
    ),
    icon: <Icon aria-hidden />,
    disabled: true,
  };
}

function toMenuItems(entries: SideMenuEntry[]): MenuItems {
  return entries.flatMap((entry): MenuItems => {
    if (entry.kind === 'siteLists') return [];
    if (entry.kind === 'link') return [leafItem(entry)];
    const Icon = entry.icon;
    return [
      {
        key: entry.key,
        label: entry.label,
        icon: <Icon aria-hidden />,
        children: entry.children.map(leafItem),
      },
    ];
  });
}

/** Menu runs split around the Site Lists block, which holds a search box and so is not a menu. */
type Block =
  | { kind: 'menu'; entries: SideMenuEntry[] }
  | { kind: 'siteLists'; entry: Extract<SideMenuEntry, { kind: 'siteLists' }> };

function toBlocks(entries: SideMenuEntry[]): Block[] {
  const blocks: Block[] = [];
  for (const entry of entries) {
    const last = blocks.at(-1);
    if (entry.kind === 'siteLists') blocks.push({ kind: 'siteLists', entry });
    else if (last?.kind === 'menu') last.entries.push(entry);
    else blocks.push({ kind: 'menu', entries: [entry] });
  }
  return blocks;
}

export function SideNav() {
  const { flags } = useTenant();
  const [storedCollapsed, setStoredCollapsed] = useNavCollapsed();
  // Below the 1080 px breakpoint the menu starts collapsed, whatever was saved, to leave the
  // screen to the page; opening it there is for the moment, not saved.
  const narrow = useMediaQuery(NARROW_LAYOUT);
  const [openWhileNarrow, setOpenWhileNarrow] = useState(false);
  const collapsed = narrow ? !openWhileNarrow : storedCollapsed;
  const setCollapsed = (next: boolean) => (narrow ? setOpenWhileNarrow(!next) : setStoredCollapsed(next));
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const siteAssessmentMenu = useAccess(featureAccess.siteAssessmentMenu).permitted;
  const siteListsMenu = useAccess(featureAccess.siteListsMenu).permitted;
  const consultationsMenu = useAccess(featureAccess.consultationsMenu).permitted;
  const admin = useAccess(featureAccess.admin).permitted;
  const dataProtection = useAccess(featureAccess.dataProtection).permitted;
  const cfsReview = useAccess(featureAccess.cfsReview).permitted;
  // Spec 01 §2: the side menu's Site Lists, the council's lists by name.
  const siteLists = useQuery({
    queryKey: listQueryKeys.all,
    queryFn: ({ signal }) => fetchSiteLists(signal),
    enabled: siteListsMenu,
  });
  const listLinks = useMemo<SiteListLink[]>(
    () => (siteLists.data ?? []).map((list) => ({ id: list.id, name: list.listName })),
    [siteLists.data],
  );
  const entries = useMemo(
    () =>
      visibleSideMenu(sideMenu, {
        flags,
        access: { siteAssessmentMenu, siteListsMenu, consultationsMenu, admin, dataProtection, cfsReview },
      }),
    [flags, siteAssessmentMenu, siteListsMenu, consultationsMenu, admin, dataProtection, cfsReview],
  );
  const targets = useMemo(() => sideMenuTargets(entries), [entries]);
  const top = useMemo(
    () => toBlocks(entries.filter((e) => !(e.kind === 'link' && e.placement === 'bottom'))),
    [entries],
  );
  const bottom = useMemo(
    () => entries.filter((e) => e.kind === 'link' && e.placement === 'bottom'),
    [entries],
  );
  const sectionKeys = useMemo(() => entries.filter((e) => e.kind === 'section').map((e) => e.key), [entries]);
  const activeKey = activeSideMenuKey(entries, pathname);
  const selectedKeys = activeKey ? [activeKey] : [];

  const toggleLabel = collapsed ? 'Expand navigation' : 'Collapse navigation';

  const handleMenuClick: MenuProps['onClick'] = ({ key }) => {
    const to = targets.get(key);
    if (to) void navigate(to);
  };

  const renderMenu = (menuEntries: SideMenuEntry[], key: string) => (
    <Menu
      // Sections appear as access answers arrive; remounting opens the new ones. Collapsed, none
      // is open: antd would show each open section as a pop-up over the page.
      key={`${key}:${collapsed ? 'collapsed' : sectionKeys.join(',')}`}
      className="side-nav__menu"
      mode="inline"
      inlineIndent={MENU_INDENT}
      items={toMenuItems(menuEntries)}
      selectedKeys={selectedKeys}
      defaultOpenKeys={collapsed ? [] : sectionKeys}
      onClick={handleMenuClick}
    />
  );

  return (
    <Layout.Sider
      className="side-nav"
      theme="light"
      collapsible
      collapsed={collapsed}
      trigger={null}
      width={SIDE_NAV_WIDTH}
      collapsedWidth={SIDE_NAV_COLLAPSED_WIDTH}
    >
      <nav aria-label="Main navigation" className="side-nav__body">
        <div className="side-nav__top">
          {top.map((block, index) =>
            block.kind === 'menu' ? (
              renderMenu(block.entries, `menu-${index}`)
            ) : (
              <SiteListsNav
                key={block.entry.key}
                entry={block.entry}
                lists={listLinks}
                collapsed={collapsed}
                onExpand={() => setCollapsed(false)}
              />
            ),
          )}
        </div>
        <div className="side-nav__bottom">
          {bottom.length > 0 && renderMenu(bottom, 'menu-bottom')}
          <Tooltip title={toggleLabel} placement="right">
            <Button
              className="side-nav__toggle"
              type="text"
              block
              icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
              aria-label={toggleLabel}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed(!collapsed)}
            />
          </Tooltip>
        </div>
      </nav>
    </Layout.Sider>
  );
}
