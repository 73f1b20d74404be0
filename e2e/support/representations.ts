import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  consultationEventSchema,
  representationSchema,
} from '../../packages/shared/src/representations/schemas';
import { pageSession } from './consultations';
import type { RunningApp } from './running-app';

/**
 * The representation manager journey's calls, made with the page's own session (the officer's),
 * for what the journey sets up or checks behind the screens.
 */
export async function managerApi(running: RunningApp, page: Page, tenantName = 'demo') {
  const { request, headers, url } = await pageSession(running, page, tenantName);
  return {
    /** A live consultation event (today to a month on), named as given. */
    createEvent: async (name: string) => {
      const today = new Date();
      const later = new Date(today.getTime() + 30 * 86_400_000);
      const answer = await request.post(url('/consultations/events'), {
        headers,
        data: { name, startsOn: today.toISOString().slice(0, 10), endsOn: later.toISOString().slice(0, 10) },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return consultationEventSchema.parse(await answer.json());
    },
    /** A representation as the server keeps it, or null once it is deleted. */
    representation: async (id: string) => {
      const answer = await request.get(url(`/consultations/representations/${id}`), { headers });
      if (answer.status() === 404) return null;
      expect(answer.status(), await answer.text()).toBe(200);
      return representationSchema.parse(await answer.json());
    },
  };
}

/** The message shown under a form field, read through the field's own aria-describedby. */
export async function fieldError(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => field.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ').trim();
}
