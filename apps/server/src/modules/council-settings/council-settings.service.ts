import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  applicationLabels,
  applicationNames,
  brandColourIssue,
  councilSettingsFieldLabels,
  councilSettingsMessages as messages,
  coversProtectedRoute,
  featureFlagCatalogue,
  featureFlagNames,
  protectedRouteMessage,
  tenantMessages,
  type AdminFeatureFlags,
  type CouncilMaintenance,
  type CouncilSettings,
  type CouncilSettingsPatch,
  type FeatureFlagName,
  type FeatureFlagsUpdate,
} from '@planning/shared';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit.record';
import {
  findTenantRow,
  listPageMaintenance,
  updateGlobalMaintenance,
  upsertFlag,
  upsertPageMaintenance,
  type TenantRow,
} from '../tenants/tenants.queries';
import { deletePageMaintenanceExcept, listFeatureRows, updateCouncilRow } from './council-settings.queries';

type Trx = Transaction<Database>;
type Actor = AuditActor | FastifyRequest;

/** Allow-list of what the Council tab reads about its council. */
export function presentCouncilSettings(row: TenantRow): CouncilSettings {
  return {
    name: row.name,
    rawName: row.raw_name,
    shortName: row.short_name,
    logo: row.logo,
    smallLogo: row.small_logo,
    mainColor: row.main_color,
    theme: row.theme,
    email: row.emails,
    social: row.social_links,
    location: row.location,
    locationLonLat: row.lon !== null && row.lat !== null ? [row.lon, row.lat] : null,
    mapLicense: row.map_license,
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function getCouncilSettings(trx: Trx, tenantId: string): Promise<CouncilSettings> {
  const row = await findTenantRow(trx, tenantId);
  if (!row) throw notFound(tenantMessages.notFound);
  return presentCouncilSettings(row);
}

type Change = { before: unknown; after: unknown };

/** Empty text is "none", as the form sends a cleared field. */
function normalise(patch: CouncilSettingsPatch): CouncilSettingsPatch {
  const out = { ...patch };
  if (out.location !== undefined) out.location = out.location || null;
  if (out.mapLicense !== undefined) out.mapLicense = out.mapLicense || null;
  return out;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  return value;
}

/**
 * Applies the changed fields, refusing a main or header colour white text cannot be read on (WCAG
 * AA), and records one audit row listing each field's before and after.
 */
export async function updateCouncilSettings(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  input: CouncilSettingsPatch,
): Promise<CouncilSettings> {
  const before = await getCouncilSettings(trx, tenantId);
  const patch = normalise(input);
  const changes: Partial<Record<keyof CouncilSettingsPatch, Change>> = {};
  const changed: CouncilSettingsPatch = {};
  for (const key of Object.keys(patch) as (keyof CouncilSettingsPatch)[]) {
    if (patch[key] === undefined || sameValue(before[key], patch[key])) continue;
    changes[key] = { before: before[key], after: patch[key] };
    Object.assign(changed, { [key]: patch[key] });
  }

  // Only a colour being changed is checked: a council's existing colour never blocks other edits.
  const issues: { path: string; message: string }[] = [];
  if (changed.mainColor) {
    const issue = brandColourIssue('mainColor', changed.mainColor);
    if (issue) issues.push({ path: 'body.mainColor', message: issue });
  }
  const headerColor = changed.theme?.headerColor;
  if (headerColor && headerColor !== before.theme.headerColor) {
    const issue = brandColourIssue('headerColor', headerColor);
    if (issue) issues.push({ path: 'body.theme.headerColor', message: issue });
  }
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);

  const fields = Object.keys(changes) as (keyof CouncilSettingsPatch)[];
  if (fields.length === 0) return before;
  await updateCouncilRow(trx, tenantId, changed);
  await recordAudit(trx, tenantId, actor, {
    action: 'tenant.settings',
    targetType: 'tenant',
    targetId: tenantId,
    summary: `Changed ${fields.map((field) => councilSettingsFieldLabels[field].toLowerCase()).join(', ')}`,
    details: { changes },
  });
  return getCouncilSettings(trx, tenantId);
}

/** Every flag of the catalogue grouped by application, with the council's value and the default. */
export async function listAdminFlags(trx: Trx): Promise<AdminFeatureFlags> {
  const stored = new Map((await listFeatureRows(trx)).map((row) => [row.name, row.value]));
  return {
    applications: applicationNames.map((application) => ({
      application,
      label: applicationLabels[application],
      flags: featureFlagNames
        .filter((name) => featureFlagCatalogue[name].application === application)
        .map((name) => {
          const entry = featureFlagCatalogue[name];
          return {
            name,
            label: entry.label,
            description: entry.description,
            value: stored.get(name) ?? entry.defaultValue,
            defaultValue: entry.defaultValue,
          };
        }),
    })),
  };
}

export async function updateFlags(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  update: FeatureFlagsUpdate,
): Promise<AdminFeatureFlags> {
  const current = await listAdminFlags(trx);
  const valueOf = new Map(current.applications.flatMap((app) => app.flags).map((f) => [f.name, f.value]));
  const changes: Partial<Record<FeatureFlagName, Change>> = {};
  for (const [name, value] of Object.entries(update) as [FeatureFlagName, boolean][]) {
    if (valueOf.get(name) === value) continue;
    await upsertFlag(trx, tenantId, name, value);
    changes[name] = { before: valueOf.get(name), after: value };
  }
  const names = Object.keys(changes) as FeatureFlagName[];
  if (names.length === 0) return current;
  await recordAudit(trx, tenantId, actor, {
    action: 'tenant.flags',
    targetType: 'tenant',
    targetId: tenantId,
    summary: names
      .map((name) => `${featureFlagCatalogue[name].label} ${update[name] ? 'on' : 'off'}`)
      .join(', '),
    details: { changes },
  });
  return listAdminFlags(trx);
}

export async function getMaintenance(trx: Trx, tenantId: string): Promise<CouncilMaintenance> {
  const row = await findTenantRow(trx, tenantId);
  if (!row) throw notFound(tenantMessages.notFound);
  const pages = await listPageMaintenance(trx);
  return {
    global: {
      active: row.global_maintenance_active,
      until: row.global_maintenance_until?.toISOString() ?? null,
      message: row.global_maintenance_message,
    },
    pages: pages.map((page) => ({
      route: page.route,
      active: page.maintenance_active,
      until: page.maintenance_active_until?.toISOString() ?? null,
    })),
  };
}

/**
 * Sets the global switch and replaces the list of pages. A switch turned on with an "until" in the
 * past would do nothing, so it is refused; so is a page an administrator needs to undo it.
 */
export async function updateMaintenance(
  trx: Trx,
  tenantId: string,
  actor: Actor,
  input: CouncilMaintenance,
  now: Date = new Date(),
): Promise<CouncilMaintenance> {
  const issues: { path: string; message: string }[] = [];
  const inPast = (until: string | null) => until !== null && Date.parse(until) <= now.getTime();
  if (input.global.active && inPast(input.global.until))
    issues.push({ path: 'body.global.until', message: messages.untilInPast });
  input.pages.forEach((page, i) => {
    if (coversProtectedRoute(page.route))
      issues.push({ path: `body.pages.${i}.route`, message: protectedRouteMessage(page.route) });
    if (page.active && inPast(page.until))
      issues.push({ path: `body.pages.${i}.until`, message: messages.untilInPast });
  });
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);

  const before = await getMaintenance(trx, tenantId);
  const message = input.global.message || null;
  await updateGlobalMaintenance(trx, tenantId, {
    active: input.global.active,
    until: input.global.until ? new Date(input.global.until) : null,
    message,
  });
  const routes = input.pages.map((page) => page.route.replace(/(.)\/+$/, '$1'));
  await deletePageMaintenanceExcept(trx, routes);
  for (const [i, page] of input.pages.entries())
    await upsertPageMaintenance(trx, tenantId, {
      route: routes[i]!,
      active: page.active,
      until: page.until ? new Date(page.until) : null,
    });
  const after = await getMaintenance(trx, tenantId);
  if (JSON.stringify(before) !== JSON.stringify(after))
    await recordAudit(trx, tenantId, actor, {
      action: 'tenant.maintenance',
      targetType: 'tenant',
      targetId: tenantId,
      summary: maintenanceSummary(before, after),
      details: { before, after },
    });
  return after;
}

function maintenanceSummary(before: CouncilMaintenance, after: CouncilMaintenance): string {
  const parts: string[] = [];
  if (before.global.active !== after.global.active)
    parts.push(`Global maintenance ${after.global.active ? 'on' : 'off'}`);
  else if (JSON.stringify(before.global) !== JSON.stringify(after.global))
    parts.push('Global maintenance changed');
  const onBefore = new Set(before.pages.filter((p) => p.active).map((p) => p.route));
  const onAfter = after.pages.filter((p) => p.active).map((p) => p.route);
  const turnedOn = onAfter.filter((route) => !onBefore.has(route));
  const turnedOff = [...onBefore].filter((route) => !onAfter.includes(route));
  if (turnedOn.length > 0) parts.push(`Page maintenance on for ${turnedOn.join(', ')}`);
  if (turnedOff.length > 0) parts.push(`Page maintenance off for ${turnedOff.join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : 'Page maintenance changed';
}
