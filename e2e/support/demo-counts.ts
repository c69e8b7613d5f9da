import { DEMO_SITES } from '../../apps/server/src/demo-web/demo-sites.ts';

/** Vendors of the demo database: the fixed seed's 48 and the demo web's tracked sites. */
export const DEMO_VENDORS = 48 + DEMO_SITES.filter((s) => s.tracked).length;

/** Crawl targets of the demo database: the seed's 108 and one per tracked demo-web site. */
export const DEMO_TARGETS = 108 + DEMO_SITES.filter((s) => s.tracked).length;
