import { DEMO_SITES } from '../../apps/server/src/demo-web/demo-sites.ts';

/** Vendors of the demo database: the fixed seed's 57 and the demo web's tracked sites. */
export const DEMO_VENDORS = 57 + DEMO_SITES.filter((s) => s.tracked).length;

/** Crawl targets of the demo database: the seed's 122 and one per tracked demo-web site. */
export const DEMO_TARGETS = 122 + DEMO_SITES.filter((s) => s.tracked).length;
