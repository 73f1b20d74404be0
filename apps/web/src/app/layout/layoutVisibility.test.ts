import { describe, expect, it } from 'vitest';
import { layoutVisibility } from './layoutVisibility';

describe('layoutVisibility', () => {
  it.each([
    ['/map', true, true],
    ['/table', true, true],
    ['/', true, true],
    ['/sign-in', false, false],
    ['/select-tenant', false, false],
    ['/session-expired', false, false],
    ['/site/42/map', false, false],
    ['/site/42/map/', false, false],
    ['/site/42', true, true],
    ['/site/42/mapping', true, true],
    ['/p/document', true, false],
    ['/p/document/all', true, false],
    ['/p/document/7/attachments', true, false],
    ['/p/documents', true, true],
    ['/documents/7', true, true],
    ['/sign-in-help', true, true],
    ['/consultations/login', false, false],
    ['/consultations/sign-up', false, false],
    ['/login', false, false],
    ['/auth-action', false, false],
    ['/consultations/representations/all', true, true],
  ])('%s → header %s, side nav %s', (pathname, header, sideNav) => {
    expect(layoutVisibility(pathname)).toEqual({ header, sideNav });
  });
});
