/**
 * Issue 25: a public document's first screen may come drawn by the server (apps/server
 * documents.page.ts) in #server-page, the app rendering into a hidden #root meanwhile. Once the
 * app's own screen is ready it takes the place of the server's in one step, so nothing moves.
 */
const SERVER_PAGE_ID = 'server-page';

/** The answers the server wrote into the page, by API path (for api/early.ts). */
export function serverAnswers(): [string, string][] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-server-answer]')].map((script) => {
    const path = script.dataset['serverAnswer'] ?? '';
    const json = script.textContent ?? '';
    script.remove();
    return [path, json];
  });
}

/** The council whose host drew the page (the host names it), if the server drew it. */
export const serverCouncil = () => document.getElementById(SERVER_PAGE_ID)?.dataset['council'] ?? null;

/** Whether the server drew this page's first screen and the app has not yet taken its place. */
export const hasServerPage = () => document.getElementById(SERVER_PAGE_ID) !== null;

/** Puts the app's screen where the server's was; called once the app shows what it has. */
export function revealApp(): void {
  const page = document.getElementById(SERVER_PAGE_ID);
  if (!page) return;
  page.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}
