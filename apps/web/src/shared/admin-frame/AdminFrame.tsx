import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Breadcrumb, Menu, Select, Typography } from 'antd';
import { useMediaQuery } from '../../components/useMediaQuery';
import { adminProducts, currentTabKey, productOf } from './adminTabs';
import './adminContent.css';

type AdminFrameProps = {
  /** The page's heading (h1). */
  title: string;
  /** Buttons beside the heading. */
  extra?: ReactNode;
  children: ReactNode;
};

/**
 * The admin area's frame: every product's tabs one click away in a side navigation, a breadcrumb
 * back to the product, and the page's heading. Other admin screens may wrap themselves in it.
 * On a phone (below 750px, spec 03 §2) the frame stacks: the navigation is a select above the
 * page (a side navigation would leave the page a sliver).
 */
export function AdminFrame({ title, extra, children }: AdminFrameProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 749px)');
  const product = productOf(pathname);
  const selected =
    currentTabKey(pathname) ??
    (product && pathname.replace(/\/$/, '') === `/admin/${product.app}`
      ? `${product.app}/overview`
      : undefined);
  // A menu holds only items: each product's name is its group's title, its home the first item.
  const items = adminProducts.map((item) => ({
    type: 'group' as const,
    key: item.app,
    label: item.label,
    children: [
      { key: `${item.app}/overview`, label: <Link to={`/admin/${item.app}`}>Overview</Link> },
      ...item.tabs.map((entry) => ({ key: entry.key, label: <Link to={entry.to}>{entry.label}</Link> })),
    ],
  }));
  // The same places as options of a select, for a phone.
  const places = adminProducts.map((item) => ({
    label: item.label,
    title: item.label,
    options: [
      { value: `/admin/${item.app}`, key: `${item.app}/overview`, label: `${item.label}: Overview` },
      ...item.tabs.map((entry) => ({
        value: entry.to,
        key: entry.key,
        label: `${item.label}: ${entry.label}`,
      })),
    ],
  }));
  const selectedPlace = places
    .flatMap((group) => group.options)
    .find((option) => option.key === selected)?.value;
  return (
    <div className={`admin-frame${phone ? ' admin-frame--stacked' : ''}`}>
      <nav className="admin-frame__nav" aria-label="Admin">
        {phone ? (
          <Select
            className="admin-frame__select"
            aria-label="Admin section"
            placeholder="Go to an admin section"
            value={selectedPlace}
            options={places}
            onChange={(to: string) => void navigate(to)}
          />
        ) : (
          <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} />
        )}
      </nav>
      <main className="admin-frame__main">
        <Breadcrumb
          items={[
            { title: <Link to="/admin">Admin</Link> },
            ...(product ? [{ title: <Link to={`/admin/${product.app}`}>{product.label}</Link> }] : []),
          ]}
        />
        <div className="admin-frame__heading">
          <Typography.Title level={1}>{title}</Typography.Title>
          {extra && <div className="admin-frame__extra">{extra}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}
