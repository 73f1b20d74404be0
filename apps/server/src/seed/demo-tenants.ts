import type { SiteCardConfig, SiteSearchConfig } from '@planning/shared';
import {
  defaultSiteCardConfig,
  defaultSiteFeaturesConfig,
  defaultSiteSearchConfig,
  northfieldSiteCardConfig,
  northfieldSiteSearchConfig,
} from '../modules/content/content.defaults';
import { seedConfig } from '../modules/content/content.service';
import { seedDemoConfigs } from '../modules/content/content.seed';
import type { Kysely } from 'kysely';
import type { NewTenant } from '@planning/shared';
import type { Database } from '../db/schema';
import { findTenantByName } from '../modules/tenants/tenants.queries';
import { createTenant } from '../modules/tenants/tenants.service';
import { demoDistrict, northfieldDistrict, type District } from '../modules/sites/sites.generator';
import { seedSites } from '../modules/sites/sites.seed';
import { seedDemoDocument } from '../modules/documents/documents.seed';
import { seedDemoRepresentations } from '../modules/representations/representations.seed';
import { seedDemoDataProtection } from '../modules/data-protection/data-protection.seed';
import { seedDemoLayers, withDemoOverlapFilters } from './demo-layers';
import { seedDemoPostcodes } from './demo-postcodes';
import { seedDemoUsers } from './demo-users';
import { seedDemoCall } from '../modules/cfs/cfs.seed';

/** Two councils with different branding and flags, so tenant switching is visible at a glance. */
export const demoTenants: NewTenant[] = [
  {
    name: 'demo',
    shortName: 'Demo Borough',
    rawName: 'Demo Borough Council',
    logo: '/brand/demo/logo.svg',
    smallLogo: '/brand/demo/small-logo.svg',
    mainColor: '#1d4f91',
    theme: { mode: 'light' },
    email: {
      noReply: 'no-reply@demo.test',
      forReply: 'planning@demo.test',
      forDeletionReq: 'privacy@demo.test',
    },
    social: { mainLink: 'https://demo.test', contactUs: 'https://demo.test/contact' },
    location: 'Tonbridge and Malling, Kent',
    locationLonLat: [0.3634, 51.2743],
    mapLicense: '© Crown copyright and database rights 2026 OS AC0000000000',
    mainSchema: 'demo',
    flags: { scenariosInSiteView: true, notifications: true, documentBuilder: true },
  },
  {
    name: 'northfield',
    shortName: 'Northfield',
    rawName: 'Northfield District Council',
    logo: '/brand/northfield/logo.svg',
    smallLogo: '/brand/northfield/small-logo.svg',
    mainColor: '#0b6e4f',
    theme: { mode: 'light', headerColor: '#083d2d' },
    email: { noReply: 'no-reply@northfield.test', forReply: 'localplan@northfield.test' },
    social: { mainLink: 'https://northfield.test', aboutUs: 'https://northfield.test/about' },
    location: 'Harrogate, North Yorkshire',
    locationLonLat: [-1.5378, 53.9921],
    mapLicense: '© Crown copyright and database rights 2026 OS AC0000000001',
    mainSchema: 'northfield',
    flags: { satelliteLayer: true, analysisPage: false, notifications: false, buildings3d: true },
  },
];

/** Issue "Site search": demo has 20,000 sites in a real district's area, northfield its own set. */
const demoSites: Record<
  string,
  { district: District; count: number; search: SiteSearchConfig; card: SiteCardConfig }
> = {
  demo: {
    district: demoDistrict,
    count: 20_000,
    search: defaultSiteSearchConfig,
    card: defaultSiteCardConfig,
  },
  northfield: {
    district: northfieldDistrict,
    count: 5_000,
    search: northfieldSiteSearchConfig,
    card: northfieldSiteCardConfig,
  },
};

/** How many sites each demo council gets by default (`npm start`). */
export const DEMO_SITE_COUNTS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(demoSites).map(([name, entry]) => [name, entry.count]),
);

export type SeedDemoOptions = {
  /** Fewer sites than the default, per council: the browser tests' small fixture. */
  siteCounts?: Readonly<Record<string, number>>;
  /** Told after each batch of sites, so a first start can show how far it has got. */
  onSites?: (tenantName: string, done: number, total: number) => void;
  /**
   * The demo constraint layers and the Site search filters on them (default on). The browser
   * tests seed their own layers with known overlaps, so they leave these out.
   */
  layers?: boolean;
};

/** Creates the demo tenants and their sign-ins that are missing; a second start changes nothing. */
export async function seedDemoTenants(
  db: Kysely<Database>,
  options: SeedDemoOptions = {},
): Promise<string[]> {
  const created: string[] = [];
  for (const tenant of demoTenants) {
    const existing = await findTenantByName(db, tenant.name);
    const id = existing?.id ?? (await createTenant(db, tenant));
    if (!existing) created.push(tenant.name);
    await seedDemoUsers(db, { id, name: tenant.name });
    const sites = demoSites[tenant.name];
    if (sites) {
      const count = options.siteCounts?.[tenant.name] ?? sites.count;
      await seedSites(db, id, sites.district, count, (done) => options.onSites?.(tenant.name, done, count));
      const layers = options.layers ?? true;
      if (layers) await seedDemoLayers(db, id, sites.district);
      // Issue 27 point 2: postcodes for the call-for-sites map's place search.
      if (layers) await seedDemoPostcodes(db, id, sites.district);
      await seedConfig(db, id, 'site-search', layers ? withDemoOverlapFilters(sites.search) : sites.search);
      await seedConfig(db, id, 'site-card', sites.card);
      await seedConfig(db, id, 'site-features', defaultSiteFeaturesConfig);
      // After the sites: the document's map shows some of them.
      await seedDemoDocument(db, { id, name: tenant.name, shortName: tenant.shortName });
      // After the document: the Regulation 19 consultation is on it. The demo council only.
      if (tenant.name === 'demo') await seedDemoRepresentations(db, { id, name: tenant.name });
    }
    // Issue 16: a document of every config type, so the config editor has something to open.
    await seedDemoConfigs(db, id, tenant.name);
    // Issue 26: the allow list and a first privacy notice.
    await seedDemoDataProtection(db, { id, name: tenant.name, rawName: tenant.rawName });
    // Issue 27: an open call for sites on the questionnaire above, with the full demo only (the
    // browser tests open their own calls and expect none at first).
    if (sites && (options.layers ?? true) && tenant.name === 'demo') await seedDemoCall(db, id);
  }
  return created;
}
