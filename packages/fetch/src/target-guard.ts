import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import {
  classifyAddress,
  classifyLiteral,
  isAllowListed,
  parseHost,
  type HostLiteral,
} from './address-policy.ts';
import { FetchError, toFetchError } from './fetch-error.ts';

/** Why a host name is refused, as users see it: never the address it resolved to. */
export const REFUSED_NAME = 'the address is not allowed (private or reserved network)';

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export type TargetPolicy = {
  /** Host names and IP literals exempt from the address policy, on every port or, written
   * `host:port`, on that port only (see `parseAllowEntry`). */
  allowedHosts?: readonly string[];
  /** Replaces DNS, for tests. */
  resolve?: Resolver;
};

export const systemResolve: Resolver = async (host) => {
  const addresses = await dnsLookup(host, { all: true });
  return addresses.map(({ address, family }) => ({ address, family }));
};

/** Parses a URL the crawler may fetch: http or https, nothing else. */
export function parseHttpUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new FetchError('invalid_url', `invalid URL: ${String(input)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(
      'unsupported_scheme',
      `refused: only http and https URLs are fetched (${url.protocol})`,
    );
  }
  return url;
}

/** The port a URL connects to, its scheme's default when it names none. */
export function portOf(url: URL): number {
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
}

/** `URL.hostname` keeps the brackets of an IPv6 literal; sockets want them off. */
export function socketHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function refuseLiteral(host: HostLiteral & { kind: 'ip' }): void {
  const verdict = classifyLiteral(host.literal);
  if (!verdict.allowed) {
    throw new FetchError('refused_address', `refused: ${host.literal.canonical} is ${verdict.reason}`);
  }
}

/** Resolves a host name and refuses it when any of its addresses is not allowed: the connector
 * may try each of them (happy eyeballs), so each one has to be safe. */
async function resolveScreened(
  name: string,
  policy: TargetPolicy,
  screen: boolean,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await (policy.resolve ?? systemResolve)(name);
  } catch (error) {
    throw toFetchError(error, `could not resolve ${name}`);
  }
  if (addresses.length === 0) throw new FetchError('network', `could not resolve ${name}: no addresses`);
  if (!screen) return addresses;
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.allowed) {
      // Users read this message (viewers too): what an internal name resolves to stays in `detail`.
      throw new FetchError('refused_address', `refused: ${name}: ${REFUSED_NAME}`, {
        detail: `${name} resolves to ${address}, ${verdict.reason}`,
      });
    }
  }
  return addresses;
}

/**
 * The `lookup` handed to http(s).request. The address checked here is the one the socket
 * connects to, so a DNS answer that changes between a check and the connect (rebinding)
 * cannot slip through.
 */
export function guardedLookup(policy: TargetPolicy, screen: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolveScreened(hostname, policy, screen).then(
      (addresses) => {
        const wanted =
          family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        const first = wanted[0];
        if (first === undefined) {
          callback(
            new FetchError('network', `could not resolve ${hostname}: no IPv${family} address`),
            '',
            0,
          );
        } else if (options.all === true) {
          callback(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: FetchError) => callback(error, '', 0),
    );
  };
}

/**
 * Decides how a URL's host is reached: a literal is judged now (no socket is ever opened for a
 * refused one); a name gets a lookup that judges what DNS returns at connect time.
 */
export function planConnection(url: URL, policy: TargetPolicy): { lookup?: LookupFunction; exempt: boolean } {
  const host = parseHost(socketHost(url));
  const exempt = isAllowListed(host, policy.allowedHosts ?? [], portOf(url));
  if (host.kind === 'ip') {
    if (!exempt) refuseLiteral(host);
    return { exempt };
  }
  return { lookup: guardedLookup(policy, !exempt), exempt };
}

/** Screens a URL without fetching it, e.g. a sub-request a headless browser is about to make. */
export async function checkUrlAllowed(url: string | URL, policy: TargetPolicy = {}): Promise<void> {
  const parsed = parseHttpUrl(url);
  const host = parseHost(socketHost(parsed));
  if (isAllowListed(host, policy.allowedHosts ?? [], portOf(parsed))) return;
  if (host.kind === 'ip') refuseLiteral(host);
  else await resolveScreened(host.key, policy, true);
}
