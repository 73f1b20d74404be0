import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './running-app';

/**
 * What the representation manager's journeys (the editor, the response manager, the analysis)
 * share: how long a screen may take to first show, screenshots on request, and the signed-in
 * officer's own API calls.
 */

/** A screen's first showing: its chunk and first answers, on a machine running other suites too. */
export const FIRST_LOAD = { timeout: 60_000 };

/** A full-page screenshot, when E2E_SCREENSHOTS names a folder for a person to look through. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * The page's own session for API calls (its cookie, with the council and the CSRF token the
 * screens send): the request context, the headers and each path's address.
 */
export async function pageSession(running: RunningApp, page: Page, tenantName = 'demo') {
  const request = page.context().request;
  const state = await request.get(`${running.baseUrl}/api/v1/auth/is-authenticated`, {
    headers: { 'x-tenant': tenantName },
  });
  const { csrfToken } = (await state.json()) as { csrfToken: string };
  return {
    request,
    headers: { 'x-tenant': tenantName, 'x-csrf-token': csrfToken },
    url: (path: string) => `${running.baseUrl}/api/v1${path}`,
  };
}

/**
 * The signed-in user's API calls with the page's own session, as the screens make them: what a
 * journey sets up or checks behind the screens. Each call expects its status (200 for a read, 201
 * for a post unless told) and gives the JSON answer.
 */
export async function sessionApi(running: RunningApp, page: Page, tenantName = 'demo') {
  const { request, headers, url } = await pageSession(running, page, tenantName);
  return {
    get: async (path: string): Promise<unknown> => {
      const answer = await request.get(url(path), { headers });
      expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
      return answer.json();
    },
    post: async (path: string, data: unknown, status = 201): Promise<Record<string, unknown>> => {
      const answer = await request.post(url(path), { headers, data });
      expect(answer.status(), `${path}: ${await answer.text()}`).toBe(status);
      return answer.json() as Promise<Record<string, unknown>>;
    },
  };
}
