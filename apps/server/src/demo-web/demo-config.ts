import { loadConfig, type Config } from '../config.ts';
import type { DemoWeb } from './demo-web.ts';

/** The address `npm run demo` listens on unless HOST says otherwise: this machine only. */
export const DEMO_HOST = '127.0.0.1';

/**
 * `npm run demo`'s configuration: the environment's, with the demo's defaults. It listens on
 * loopback, crawls only when asked, and its crawler may reach the demo web's own ports and no other
 * private address. No admin password is set here: without ADMIN_EMAIL and ADMIN_PASSWORD the first
 * start creates the admin with a random password and prints it once, as `npm start` does.
 */
export function demoConfig(env: NodeJS.ProcessEnv, web: Pick<DemoWeb, 'hosts' | 'hub'>): Config {
  const extraHosts = env.CRAWLER_ALLOWED_HOSTS?.trim();
  return loadConfig({
    ...env,
    HOST: env.HOST ?? DEMO_HOST,
    DATA_DIR: env.DEMO_DATA_DIR ?? './data-demo',
    DATABASE_URL: undefined,
    // The seeded targets are fictional sites: crawl them only when asked (Run crawl), never on a timer.
    CRAWLER_SCHEDULE: env.CRAWLER_SCHEDULE ?? 'false',
    // The guarded fetcher refuses loopback: exempt the demo web's ports (each one, not all of
    // 127.0.0.1, where other services of this machine listen), and whatever the environment adds.
    CRAWLER_ALLOWED_HOSTS: [...web.hosts, ...(extraHosts ? [extraHosts] : [])].join(','),
    DISCOVERY_SEARCH_URL: env.DISCOVERY_SEARCH_URL ?? `${web.hub}/search`,
  });
}
