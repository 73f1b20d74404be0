import { demoDistrict, generateSites } from '../../apps/server/src/modules/sites/sites.generator';

/**
 * The browser journeys' demo councils: the demo data, with fewer sites (the generator is the same,
 * so their shapes and attributes follow the same rules). 2,000 still load in several pages, which
 * the results list's progress journey needs; 20,000 made every journey wait for 41 pages.
 */
export const E2E_SITE_COUNTS = { demo: 2_000, northfield: 500 } as const;

/** The demo council's sites, as the fixture seeded them: the oracle for every count on screen. */
export const demoFixtureSites = () => generateSites(demoDistrict, E2E_SITE_COUNTS.demo);
