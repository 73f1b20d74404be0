import './app/app.css';
import { provideEarly, requestEarly } from './api/early';
import { hasServerPage, serverAnswers, serverCouncil } from './api/serverPage';
import { getStoredTenantName, storeTenantName } from './api/tenantStorage';
import { startQueries } from './platform/tenant/startQueries';
import { preloadScreens, signedInDataFor } from './app/screens';
import { requestEarlyResults } from './shared/sites/earlyResults';

// An emailed link names its council, so it works on a shared host (localhost, previews) in a
// browser that never picked one. On a council's own host the server goes by the host name.
const linkTenant = new URLSearchParams(window.location.search).get('tenant');
if (linkTenant && /\/auth-action\/?$/.test(window.location.pathname)) storeTenantName(linkTenant);

// The entry is kept tiny. What the first screen needs is asked for side by side at once: the
// council and the session from the server (then, once signed in, the user, the menus' access
// answers and the screen's own data), the app's code and the code of the screen opened; not the
// screen once the app has loaded, started and routed, nor each answer after the one before.
// With no council chosen the session cannot be asked for (400), and the council is asked once by
// the app itself (an early answer of 400 is not reused, so asking early too doubled the error).
// A public document drawn by the server brings the answers it was drawn from, for the council its
// host names (stored as the app stores it once the council answers, so the calls match).
const council = serverCouncil();
if (council) storeTenantName(council);
provideEarly(serverAnswers());
if (startQueries(getStoredTenantName(), window.location.pathname).user) {
  requestEarly(['/tenants/current', '/auth/is-authenticated'], signedInDataFor(window.location.pathname));
  // /map's results list, once the card settings say what its cards show.
  requestEarlyResults(window.location.pathname);
}
preloadScreens(window.location.pathname);
if (hasServerPage()) void startInSteps();
else void import('./app/start');

/**
 * Under a page the server drew, the app's code is run a part at a time, with a break between the
 * parts, rather than in one task that holds the main thread for a third of a second on a slow
 * phone while the reader is already scrolling the text.
 */
async function startInSteps() {
  const parts = [
    () => import('react-dom/client'),
    () => import('./api/client'),
    () => import('./platform/tenant/TenantBranding'),
    () => import('./app/router'),
  ];
  for (const part of parts) {
    await part();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await import('./app/start');
}
