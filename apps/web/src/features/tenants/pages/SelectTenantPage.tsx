import { Alert, Button, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { TenantSummary } from '@planning/shared';
import { storeTenantName } from '../../../api/tenantStorage';
import { FullPageSpin } from '../../../components/FullPageSpin';
import { fetchTenantList, tenantsQueryKeys } from '../../../platform/tenant/tenantsApi';

export const selectTenantTexts = {
  heading: 'Select your council',
  intro: 'Choose the council whose planning service you want to use.',
  loading: 'Loading councils',
  failed: 'The list of councils could not be loaded',
  empty: 'No councils are set up yet.',
  retry: 'Try again',
} as const;

/** Spec 01 §1: with no tenant known, pick one; the choice is saved and the app reloads. */
export function SelectTenantPage() {
  const query = useQuery({
    queryKey: tenantsQueryKeys.list,
    queryFn: ({ signal }) => fetchTenantList(signal),
  });

  const handleSelect = (tenant: TenantSummary) => {
    storeTenantName(tenant.name);
    // A full reload, so nothing cached for another council survives the switch.
    window.location.assign('/');
  };

  if (query.isPending) return <FullPageSpin label={selectTenantTexts.loading} />;

  return (
    <main className="select-tenant" id="main-content">
      <h1 className="select-tenant__title">{selectTenantTexts.heading}</h1>
      <p className="select-tenant__intro">{selectTenantTexts.intro}</p>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={selectTenantTexts.failed}
          description={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {selectTenantTexts.retry}
            </Button>
          }
        />
      ) : query.data.length === 0 ? (
        <Empty description={selectTenantTexts.empty} />
      ) : (
        <ul className="select-tenant__list">
          {query.data.map((tenant) => (
            <li key={tenant.name}>
              <button
                type="button"
                className="tenant-choice"
                style={{ borderInlineStartColor: tenant.mainColor }}
                onClick={() => handleSelect(tenant)}
              >
                {/* The council's name is the button's name; the logo only decorates it. */}
                {tenant.logo ? (
                  <img className="tenant-choice__logo" src={tenant.logo} alt="" />
                ) : (
                  <span
                    className="tenant-choice__logo tenant-choice__logo--blank"
                    style={{ background: tenant.mainColor }}
                    aria-hidden
                  />
                )}
                <span className="tenant-choice__name">{tenant.rawName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
