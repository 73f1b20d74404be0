import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Breadcrumb, Menu, Typography } from 'antd';
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
 */
export function AdminFrame({ title, extra, children }: AdminFrameProps) {
  const { pathname } = useLocation();
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
  return (
    <div className="admin-frame">
      <nav className="admin-frame__nav" aria-label="Admin">
        <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} />
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
