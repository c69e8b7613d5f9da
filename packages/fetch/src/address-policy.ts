import { formatIpv4, parseIpLiteral, type IpLiteral } from './ip-literal.ts';

/**
 * Which addresses a user-supplied URL may reach. Anything that is not plainly a public unicast
 * address is refused: the crawler fetches vendor sites on the Internet, never our own network,
 * the cloud metadata service or a neighbour's container.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

type Range = { base: number; bits: number; reason: string };

const v4 = (text: string): number => {
  const [a = 0, b = 0, c = 0, d = 0] = text.split('.').map(Number);
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
};
const range = (cidr: string, reason: string): Range => {
  const [base = '', bits = '32'] = cidr.split('/');
  return { base: v4(base), bits: Number(bits), reason };
};

// First match wins, so the most specific entries come first.
const IPV4_REFUSED: Range[] = [
  range('0.0.0.0/32', 'the unspecified address'),
  range('255.255.255.255/32', 'the broadcast address'),
  range('169.254.169.254/32', 'the cloud metadata address'),
  range('0.0.0.0/8', 'a "this network" address'),
  range('10.0.0.0/8', 'a private address'),
  range('100.64.0.0/10', 'a shared (carrier-grade NAT) address'),
  range('127.0.0.0/8', 'a loopback address'),
  range('169.254.0.0/16', 'a link-local address'),
  range('172.16.0.0/12', 'a private address'),
  range('192.0.0.0/24', 'an IETF protocol assignment address'),
  range('192.0.2.0/24', 'a documentation address'),
  range('192.88.99.0/24', 'a deprecated 6to4 relay address'),
  range('192.168.0.0/16', 'a private address'),
  range('198.18.0.0/15', 'a benchmarking address'),
  range('198.51.100.0/24', 'a documentation address'),
  range('203.0.113.0/24', 'a documentation address'),
  range('224.0.0.0/4', 'a multicast address'),
  range('240.0.0.0/4', 'a reserved address'),
];

function classifyIpv4(bytes: Uint8Array): AddressVerdict {
  const value =
    (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) >>> 0;
  for (const r of IPV4_REFUSED) {
    const shift = 32 - r.bits;
    if (shift === 32 || value >>> shift === r.base >>> shift) return { allowed: false, reason: r.reason };
  }
  return { allowed: true };
}

const startsWith = (bytes: Uint8Array, prefix: number[], bits = prefix.length * 8): boolean => {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
};

/** IPv6 forms that carry an IPv4 address are judged by that address: ::ffff:127.0.0.1 is loopback. */
function judgeEmbedded(v4bytes: Uint8Array, form: string): AddressVerdict {
  const inner = classifyIpv4(v4bytes);
  if (inner.allowed) return inner;
  return { allowed: false, reason: `${form} of ${formatIpv4(v4bytes)}, ${inner.reason}` };
}

const IPV6_REFUSED: { prefix: number[]; bits: number; reason: string }[] = [
  { prefix: [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], bits: 48, reason: 'a local-use NAT64 address' },
  { prefix: [0x20, 0x01, 0x00, 0x00], bits: 32, reason: 'a Teredo tunnelling address' },
  { prefix: [0x20, 0x01, 0x0d, 0xb8], bits: 32, reason: 'a documentation address' },
  { prefix: [0x20, 0x01, 0x00, 0x02, 0x00, 0x00], bits: 48, reason: 'a benchmarking address' },
  { prefix: [0x20, 0x01, 0x00], bits: 23, reason: 'an IETF protocol assignment address' },
  { prefix: [0x3f, 0xff], bits: 20, reason: 'a documentation address' },
  { prefix: [0xfe, 0x80], bits: 10, reason: 'a link-local address' },
  { prefix: [0xfe, 0xc0], bits: 10, reason: 'a deprecated site-local address' },
  { prefix: [0xfc], bits: 7, reason: 'a unique-local (private) address' },
  { prefix: [0xff], bits: 8, reason: 'a multicast address' },
  { prefix: [0x01, 0x00, 0, 0, 0, 0, 0, 0], bits: 64, reason: 'a discard-only address' },
];

function classifyIpv6(bytes: Uint8Array): AddressVerdict {
  const zeros = (n: number) => bytes.subarray(0, n).every((b) => b === 0);
  if (zeros(16)) return { allowed: false, reason: 'the unspecified address' };
  if (zeros(15) && bytes[15] === 1) return { allowed: false, reason: 'the loopback address' };
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return judgeEmbedded(bytes.subarray(12), 'an IPv4-mapped form');
  }
  if (zeros(12)) {
    const inner = judgeEmbedded(bytes.subarray(12), 'an IPv4-compatible form');
    return inner.allowed ? { allowed: false, reason: 'a deprecated IPv4-compatible address' } : inner;
  }
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) {
    return judgeEmbedded(bytes.subarray(12), 'a NAT64 form');
  }
  if (startsWith(bytes, [0x20, 0x02])) return judgeEmbedded(bytes.subarray(2, 6), 'a 6to4 form');
  for (const r of IPV6_REFUSED) {
    if (startsWith(bytes, r.prefix, r.bits)) return { allowed: false, reason: r.reason };
  }
  // Only 2000::/3 is allocated as global unicast; everything else is reserved.
  if ((bytes[0] ?? 0) >> 5 !== 0b001) return { allowed: false, reason: 'a reserved address' };
  return { allowed: true };
}

export function classifyLiteral(literal: IpLiteral): AddressVerdict {
  return literal.family === 4 ? classifyIpv4(literal.bytes) : classifyIpv6(literal.bytes);
}

/** Judges an IP address written in any spelling (dotted, hex, octal, bracketed IPv6, …). */
export function classifyAddress(ip: string): AddressVerdict {
  const literal = parseIpLiteral(ip);
  if (literal === null) return { allowed: false, reason: 'not an IP address' };
  return classifyLiteral(literal);
}

/**
 * The host part of a URL as the allow-list and the policy see it: an IP literal in canonical
 * text, or a lowercase host name without the trailing dot (which names the same host).
 */
export type HostLiteral = { kind: 'ip'; literal: IpLiteral; key: string } | { kind: 'name'; key: string };

export function parseHost(hostname: string): HostLiteral {
  const literal = parseIpLiteral(hostname);
  if (literal !== null) return { kind: 'ip', literal, key: literal.canonical };
  return { kind: 'name', key: hostname.toLowerCase().replace(/\.+$/, '') };
}

/**
 * One `CRAWLER_ALLOWED_HOSTS` entry: a host (every port of it is exempt) or a host and port (only
 * that port is): `localhost`, `127.0.0.1:4310`, `[::1]:8080` (an IPv6 address with a port is
 * bracketed; `::1` alone is the address). Null for anything else: no host, a port outside 1–65535,
 * a name with characters no host name has.
 */
export type AllowEntry = { host: HostLiteral; port: number | null };

export function parseAllowEntry(entry: string): AllowEntry | null {
  const text = entry.trim();
  let host = text;
  let port: string | null = null;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const withPort = /^([^:]+):(\d+)$/.exec(text);
  if (bracketed) {
    // Brackets hold an IPv6 address only.
    if (parseIpLiteral(bracketed[1]!)?.family !== 6) return null;
    [host, port] = [bracketed[1]!, bracketed[2] ?? null];
  } else if (withPort) {
    [host, port] = [withPort[1]!, withPort[2]!];
  } else if (text === '' || (text.includes(':') && parseIpLiteral(text) === null)) {
    // Several colons without brackets are an IPv6 address, or nothing.
    return null;
  }
  if (port !== null && (port.length > 5 || Number(port) < 1 || Number(port) > 65_535)) return null;
  const parsed = parseHost(host);
  if (parsed.kind === 'name' && !/^[\p{L}\p{N}_.-]+$/u.test(parsed.key)) return null;
  return { host: parsed, port: port === null ? null : Number(port) };
}

/** The key an entry is matched by: the host's canonical text, with `:port` when it names one. */
function allowKey(host: HostLiteral, port: number | null): string {
  if (port === null) return host.key;
  const name = host.kind === 'ip' && host.literal.family === 6 ? `[${host.key}]` : host.key;
  return `${name}:${port}`;
}

/** `CRAWLER_ALLOWED_HOSTS`, e.g. "127.0.0.1:4310,localhost": the entries as canonical keys; an
 * entry that is not a host or host:port is dropped (the config schema refuses it at start). */
export function parseAllowedHosts(value: string | undefined): string[] {
  if (value === undefined) return [];
  const keys = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(parseAllowEntry)
    .filter((entry) => entry !== null)
    .map((entry) => allowKey(entry.host, entry.port));
  return [...new Set(keys)];
}

/** Each allow-list's entries as keys, parsed once per list (lists are settings, never changed). */
const allowListKeys = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Whether a host, reached on `port`, is exempt: listed alone (any port) or with that port. */
export function isAllowListed(host: HostLiteral, allowedHosts: readonly string[], port: number): boolean {
  let keys = allowListKeys.get(allowedHosts);
  if (!keys) {
    keys = new Set(parseAllowedHosts(allowedHosts.join(',')));
    allowListKeys.set(allowedHosts, keys);
  }
  return keys.has(host.key) || keys.has(allowKey(host, port));
}
