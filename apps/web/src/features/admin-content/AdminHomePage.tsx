import { Link, useLocation } from 'react-router';
import { Card, Typography } from 'antd';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { adminProducts, productOf, type AdminProduct } from '../../shared/admin-frame/adminTabs';

function ProductTabs({ product, headingLevel }: { product: AdminProduct; headingLevel: 2 | 3 }) {
  return (
    <ul
      className="admin-home__grid"
      aria-label={`${product.label} tabs`}
      style={{ listStyle: 'none', padding: 0 }}
    >
      {product.tabs.map((tab) => (
        <li key={tab.key}>
          <Card size="small" className="admin-home__card">
            <Typography.Title level={headingLevel} style={{ fontSize: 16, marginTop: 0 }}>
              <Link to={tab.to}>{tab.label}</Link>
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {tab.description}
            </Typography.Paragraph>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Spec 03 §2 /admin and /admin/{app}: the products and their tabs, each a link with what it does. */
export function AdminHomePage() {
  const { pathname } = useLocation();
  const product = productOf(pathname);
  if (product)
    return (
      <AdminFrame title={product.label}>
        <Typography.Paragraph>{product.description}</Typography.Paragraph>
        <ProductTabs product={product} headingLevel={2} />
      </AdminFrame>
    );
  return (
    <AdminFrame title="Admin">
      <Typography.Paragraph>
        The council&apos;s administration is split into three products. Choose what to look after.
      </Typography.Paragraph>
      {adminProducts.map((item) => (
        <section key={item.app} aria-labelledby={`admin-product-${item.app}`}>
          <Typography.Title level={2} id={`admin-product-${item.app}`}>
            <Link to={`/admin/${item.app}`}>{item.label}</Link>
          </Typography.Title>
          <Typography.Paragraph type="secondary">{item.description}</Typography.Paragraph>
          <ProductTabs product={item} headingLevel={3} />
        </section>
      ))}
    </AdminFrame>
  );
}
