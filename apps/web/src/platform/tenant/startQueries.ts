/** The council picker's address: reachable with no council known. */
export const PICKER_PATH = '/select-tenant';

const onPicker = (pathname: string) => pathname === PICKER_PATH || pathname.startsWith(`${PICKER_PATH}/`);

/**
 * What the app asks for as it starts. With no council chosen, who is signed in can only answer 400
 * ("Tenant is not specified"), and on the picker so can the council itself: asking then only fills
 * the console with errors. With none chosen elsewhere, the council is still asked for once, since
 * the host name may name it.
 */
export function startQueries(storedTenant: string | null, pathname: string) {
  const known = storedTenant !== null && storedTenant !== '';
  return { tenant: known || !onPicker(pathname), user: known };
}
