import { createContext, useContext } from 'react';
import type { CurrentTenant } from '@planning/shared';

export const TenantContext = createContext<CurrentTenant | null>(null);

/** The current council, its feature flags and maintenance state. Only inside <TenantGate>. */
export function useTenant(): CurrentTenant {
  const current = useContext(TenantContext);
  if (!current) throw new Error('useTenant() is used outside <TenantGate>');
  return current;
}
