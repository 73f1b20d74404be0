// The representation manager's screens (spec 02 §2), fetched as one chunk (app/screens.ts).
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Result, Tabs } from 'antd';
import { consultationMessages } from '@planning/shared';
import { useTenant } from '../../platform/tenant/TenantContext';
import { ContactDetail, OrganisationDetail } from './details/PeopleDetails';
import { RepresentationDetail } from './details/RepresentationDetail';
import { CustomColumnDrawer } from './drawers/CustomColumnDrawer';
import { RepresentationDrawer } from './drawers/RepresentationDrawer';
import { RepresenteeDrawer } from './drawers/RepresenteeDrawer';
import { managerQueryKeys } from './api';
import { useManagerAccess } from './hooks';
import {
  managerPath,
  parseManagerRoute,
  tableOfTab,
  tabLabels,
  visibleTabs,
  type ManagerFlow,
  type ManagerTab,
} from './managerRoutes';
import { ContactsTab, OrganisationsTab } from './tabs/PeopleTabs';
import { RepresentationsTab } from './tabs/RepresentationsTab';
import './representations.css';

// The response drawer (the response manager's form, with TipTap) is fetched only when it opens.
const ResponseDrawer = lazy(() =>
  import('../../shared/responses/ResponseDrawer').then((module) => ({ default: module.ResponseDrawer })),
);

/** /consultations/representations/{tab}/{flow?}/{step?}: the representation manager. */
export function RepresentationManagerPage() {
  const { flags } = useTenant();
  const params = useParams();
  if (!flags.consultationsPages) return <Result status="info" title={consultationMessages.pagesOff} />;
  const route = parseManagerRoute(params, flags.contactManagement);
  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  return (
    <Manager
      tab={route.tab}
      flow={route.flow}
      step={route.step}
      contactManagement={flags.contactManagement}
    />
  );
}

function Manager({
  tab,
  flow,
  step,
  contactManagement,
}: {
  tab: ManagerTab;
  flow: ManagerFlow | null;
  step: string | null;
  contactManagement: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { canWrite } = useManagerAccess();
  const representationId = searchParams.get('representationId');
  const responseId = searchParams.get('responseId');
  const contactId = contactManagement ? searchParams.get('contactId') : null;
  const organisationId = contactManagement ? searchParams.get('organisationId') : null;

  const closeFlow = () => void navigate(`${managerPath(tab)}${location.search}`);
  const closeDetail = (names: readonly string[]) => {
    const next = new URLSearchParams(searchParams);
    for (const name of names) next.delete(name);
    const search = next.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ''}`);
  };
  const routing = (current: ManagerFlow) => ({
    step,
    pathOf: (key: string) => managerPath(tab, current, key),
  });

  const panels: Record<ManagerTab, React.ReactNode> = {
    all: <RepresentationsTab />,
    contacts: <ContactsTab />,
    organisations: <OrganisationsTab />,
  };

  return (
    <div className="page rep-manager">
      <h1 className="page__title">Representation manager</h1>
      <Tabs
        activeKey={tab}
        // One table at a time: each reads its state from the address, which is the shown tab's.
        destroyOnHidden
        onChange={(key) => void navigate(managerPath(key as ManagerTab))}
        items={visibleTabs(contactManagement).map((key) => ({
          key,
          label: tabLabels[key],
          children: panels[key],
        }))}
      />

      {representationId && (
        <RepresentationDetail
          id={representationId}
          responseId={responseId}
          contactManagement={contactManagement}
          onClose={() => closeDetail(['representationId', 'responseId'])}
        />
      )}
      {contactId && <ContactDetail id={contactId} onClose={() => closeDetail(['contactId'])} />}
      {organisationId && (
        <OrganisationDetail id={organisationId} onClose={() => closeDetail(['organisationId'])} />
      )}

      {/* Spec 02 §6: only users who may write open the drawers (the server refuses them anyway). */}
      {canWrite && flow === 'new-representation' && (
        <RepresentationDrawer open routing={routing(flow)} onClose={closeFlow} />
      )}
      {canWrite && flow === 'new-representee' && (
        <RepresenteeDrawer
          open
          routing={routing(flow)}
          initialType={tab === 'contacts' ? 'privateIndividual' : 'organisation'}
          withMenu
          onClose={closeFlow}
        />
      )}
      {canWrite && flow === 'new-custom-column' && (
        <CustomColumnDrawer open routing={routing(flow)} table={tableOfTab[tab]} onClose={closeFlow} />
      )}
      {canWrite && flow === 'new-response' && (
        <Suspense fallback={null}>
          <ResponseDrawer
            open
            {...(representationId ? { representationId } : {})}
            onClose={closeFlow}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: managerQueryKeys.all })}
          />
        </Suspense>
      )}
    </div>
  );
}
