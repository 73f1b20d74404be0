import { lazy, Suspense, type ReactNode } from 'react';
import { Tabs, Typography } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { featureAccess } from '@planning/shared';
import { FullPageSpin } from '../../components/FullPageSpin';
import { useAccess } from '../../platform/session/hooks';
import { ApiKeysPage } from '../../shared/api-keys/ApiKeysPage';
import './councilSettings.css';
import { LoadingSpin } from '../../components/LoadingSpin';

// The Council tab carries the map library for the location picker: fetched when first shown.
const CouncilTab = lazy(() => import('./CouncilTab').then((m) => ({ default: m.CouncilTab })));
const FeaturesTab = lazy(() => import('./FeaturesTab').then((m) => ({ default: m.FeaturesTab })));
const MaintenanceTab = lazy(() => import('./MaintenanceTab').then((m) => ({ default: m.MaintenanceTab })));

export const settingsTabs = [
  { key: 'council', label: 'Council', admin: true },
  { key: 'features', label: 'Features', admin: true },
  { key: 'maintenance', label: 'Maintenance', admin: true },
  { key: 'api-keys', label: 'API keys', admin: false },
] as const;
type TabKey = (typeof settingsTabs)[number]['key'];

const tabContent: Record<TabKey, () => ReactNode> = {
  council: () => <CouncilTab />,
  features: () => <FeaturesTab />,
  maintenance: () => <MaintenanceTab />,
  'api-keys': () => <ApiKeysPage embedded />,
};

/**
 * /settings/:tab (issue 16 point 4): the council's branding, features and maintenance for its
 * administrators, and everyone's own API keys. Each person sees only the tabs they may use.
 */
export function SettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { permitted: isAdmin, isLoading } = useAccess(featureAccess.admin);
  if (isLoading) return <FullPageSpin label="Checking your access" />;

  const visible = settingsTabs.filter((entry) => isAdmin || !entry.admin);
  const active = visible.find((entry) => entry.key === tab);
  if (!active) return <Navigate to={`/settings/${visible[0]!.key}`} replace />;

  return (
    <main className="council-settings">
      <Typography.Title level={1} className="council-settings__title">
        Settings
      </Typography.Title>
      <Tabs
        activeKey={active.key}
        onChange={(key) => void navigate(`/settings/${key}`)}
        destroyOnHidden
        items={visible.map((entry) => ({
          key: entry.key,
          label: entry.label,
          children: (
            <Suspense fallback={<LoadingSpin label="Loading" />}>
              {entry.key === active.key ? tabContent[entry.key]() : null}
            </Suspense>
          ),
        }))}
      />
    </main>
  );
}
