import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfigs, type ConfigDocumentDetail, type ConfigTemplate } from '@planning/shared';
import { withTenant } from '../../db/tenant-transaction';
import type { SignedIn } from '../../../test/sessions';
import { buildAdminScene, type AdminScene, type SceneCouncil } from '../../../test/admin-scene';
import type { TestApp } from '../../../test/test-app';

let t: TestApp;
let tenant: SceneCouncil;
let admin: SignedIn;
let call: AdminScene['call'];

beforeAll(async () => {
  ({ t, council: tenant, admin, call } = await buildAdminScene());
}, 60_000);
afterAll(() => t?.close());

async function ok<T>(answer: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
  const response = await answer;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const create = (as: SignedIn, body: object) =>
  ok<ConfigDocumentDetail>(call(as, 'POST', '/config-documents', body), 201);

const auditRows = (tenantId: string, targetId: string) =>
  withTenant(t.database.db, tenantId, (trx) =>
    trx
      .selectFrom('audit_log')
      .select(['action', 'summary', 'actor_email', 'details'])
      .where('target_id', '=', targetId)
      .orderBy('occurred_at')
      .orderBy('seq')
      .execute(),
  );

describe('templates', () => {
  it('saves a template, creates a config from it, and deletes it, with audit rows', async () => {
    const template = await ok<ConfigTemplate>(
      call(admin, 'POST', '/config-templates', {
        name: 'Two-question walk',
        type: 'suggestion-map',
        config: { ...defaultConfigs['suggestion-map'], question: 'Where should the bench go?' },
      }),
      201,
    );
    expect(template).toMatchObject({
      type: 'suggestion-map',
      typeLabel: 'Suggestion map',
      createdBy: expect.any(String),
    });
    const list = await ok<{ items: ConfigTemplate[] }>(
      call(admin, 'GET', '/config-templates?type=suggestion-map'),
    );
    expect(list.items.map((item) => item.id)).toEqual([template.id]);

    const made = await create(admin, { type: 'suggestion-map', label: 'Benches', templateId: template.id });
    expect(made).toMatchObject({
      templateId: template.id,
      config: { question: 'Where should the bench go?' },
    });
    const wrongType = await call(admin, 'POST', '/config-documents', {
      type: 'site-card',
      label: 'x',
      templateId: template.id,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('The template is for another config type');

    // From a config's current document; an invalid one is refused.
    const copied = await ok<ConfigTemplate>(
      call(admin, 'POST', '/config-templates', {
        name: 'Copy',
        type: 'suggestion-map',
        fromConfigId: made.id,
      }),
      201,
    );
    expect(copied.config).toEqual(made.config);
    const bad = await call(admin, 'POST', '/config-templates', {
      name: 'Bad',
      type: 'suggestion-map',
      config: { question: '' },
    });
    expect(bad.statusCode).toBe(400);

    expect((await call(admin, 'DELETE', `/config-templates/${template.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/config-templates/${template.id}`)).statusCode).toBe(404);
    // The config made from it keeps its document.
    expect(
      (await ok<ConfigDocumentDetail>(call(admin, 'GET', `/config-documents/${made.id}`))).config,
    ).toEqual(made.config);
    expect((await auditRows(tenant.id, template.id)).map((row) => row.action)).toEqual([
      'config-template.create',
      'config-template.delete',
    ]);
  });
});
