/**
 * Parsing of IP literals in every spelling a URL host may use. IPv4 follows the WHATWG URL
 * "IPv4 parser" (1–4 parts, each decimal, octal with a leading 0, or hex with 0x), because that
 * is what browsers and `new URL` accept: a check that only knew dotted quads would let
 * `0x7f.1` or `2130706433` through to a resolver that reads them as 127.0.0.1.
 */
export type IpLiteral = { family: 4 | 6; bytes: Uint8Array; canonical: string };

const MAX_IPV4 = 2 ** 32;

function parseIpv4Number(part: string): number | null {
  let radix = 10;
  let digits = part;
  if (/^0x/i.test(part)) {
    radix = 16;
    digits = part.slice(2);
  } else if (part.length > 1 && part.startsWith('0')) {
    radix = 8;
    digits = part.slice(1);
  }
  // WHATWG reads a bare "0x" (and "0") as zero.
  if (digits === '') return part === '' ? null : 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return null;
  const value = parseInt(digits, radix);
  return value < MAX_IPV4 ? value : null;
}

export function parseIpv4(input: string): Uint8Array | null {
  let parts = input.split('.');
  // A trailing dot ("127.0.0.1.") is accepted by browsers and names the same address.
  if (parts.length > 1 && parts[parts.length - 1] === '') parts = parts.slice(0, -1);
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop();
  if (last === undefined || numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  const bytes = new Uint8Array(4);
  numbers.forEach((n, i) => (bytes[i] = n));
  for (let i = 3, rest = last; i >= numbers.length; i--, rest = Math.floor(rest / 256)) bytes[i] = rest % 256;
  return bytes;
}

/** Inside IPv6 only the strict dotted-decimal form is valid (as in WHATWG). */
function parseDottedQuad(input: string): number[] | null {
  const parts = input.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups = text.split(':');
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

export function parseIpv6(input: string): Uint8Array | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  // Zone identifiers only make sense for link-local targets, which are refused anyway.
  if (text.includes('%')) return null;
  let tail: number[] | null = null;
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.slice(lastColon + 1).includes('.')) {
    tail = parseDottedQuad(text.slice(lastColon + 1));
    if (tail === null) return null;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  if (halves.length === 1 ? head.length !== 8 : head.length + rest.length > 7) return null;
  const groups = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  if (tail !== null) bytes.set(tail, 12);
  return bytes;
}

export function formatIpv4(bytes: Uint8Array): string {
  return `${bytes[0]}.${bytes[1]}.${bytes[2]}.${bytes[3]}`;
}

/** RFC 5952 text: lowercase, no leading zeros, the longest run (≥ 2) of zero groups as "::". */
export function formatIpv6(bytes: Uint8Array): string {
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  const left = hex.slice(0, bestStart).join(':');
  const right = hex.slice(bestStart + bestLength).join(':');
  return `${left}::${right}`;
}

/** An IP literal in any accepted spelling, or null for a host name. Brackets are optional. */
export function parseIpLiteral(host: string): IpLiteral | null {
  if (host.includes(':')) {
    const bytes = parseIpv6(host);
    return bytes && { family: 6, bytes, canonical: formatIpv6(bytes) };
  }
  const bytes = parseIpv4(host);
  return bytes && { family: 4, bytes, canonical: formatIpv4(bytes) };
}
