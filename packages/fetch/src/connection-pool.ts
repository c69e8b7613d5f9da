import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Resolver } from './target-guard.ts';

/**
 * Kept-alive connections for the guarded fetcher. A pooled socket was screened when it connected
 * (the address policy runs in the socket's lookup); reusing it for the same host and port sends
 * nothing to a new address, so it needs no new screening. What must not mix is the reason a socket
 * was allowed: sockets connected because the host was allow-listed sit in a pool of their own, and
 * pools are kept per resolver (tests replace DNS), so a screened request never rides a socket that
 * only an exemption or another resolver let through.
 *
 * Reuse saves a TCP (and TLS) handshake per page of a vendor's site; the polite fetcher already
 * sends one request at a time per host, so a host holds at most a couple of sockets.
 */
type Pools = { exempt: Agents; screened: Agents };
type Agents = { http: HttpAgent; https: HttpsAgent };

const byResolver = new WeakMap<Resolver, Pools>();
let systemPools: Pools | undefined;
const allAgents = new Set<HttpAgent>();

/** How long an idle socket is kept for the next request to its host. */
const IDLE_MS = 4_000;

function agents(): Agents {
  const options = { keepAlive: true, maxFreeSockets: 2, timeout: IDLE_MS, scheduling: 'lifo' as const };
  const made = { http: new HttpAgent(options), https: new HttpsAgent(options) };
  allAgents.add(made.http);
  allAgents.add(made.https);
  return made;
}

const newPools = (): Pools => ({ exempt: agents(), screened: agents() });

/** The agent for a request: by resolver, by whether its host is exempt, and by protocol. */
export function poolFor(resolver: Resolver | undefined, exempt: boolean, protocol: string): HttpAgent {
  let pools: Pools;
  if (resolver === undefined) pools = systemPools ??= newPools();
  else {
    pools = byResolver.get(resolver) ?? newPools();
    byResolver.set(resolver, pools);
  }
  const kind = exempt ? pools.exempt : pools.screened;
  return protocol === 'https:' ? kind.https : kind.http;
}

/** Closes every idle kept-alive socket (end of a crawl, between tests). */
export function dropIdleConnections(): void {
  for (const agent of allAgents) {
    for (const sockets of Object.values(agent.freeSockets)) for (const s of sockets ?? []) s.destroy();
  }
}
