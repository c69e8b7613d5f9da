import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  isAllowListed,
  parseAllowEntry,
  parseAllowedHosts,
  parseHost,
} from './address-policy.ts';
import { formatIpv6, parseIpLiteral, parseIpv4, parseIpv6 } from './ip-literal.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['192.0.0.8', 'IETF protocol'],
    // Other spellings of 127.0.0.1 and 10.0.0.5.
    ['0x7f000001', 'loopback'],
    ['0X7F000001', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['127.0.0.1.', 'loopback'],
    ['012.0.0.5', 'private'],
    // IPv6.
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['FE80::ABCD', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped form of 127.0.0.1, a loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped form of 127.0.0.1, a loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped form of 127.0.0.1'],
    ['::FFFF:A9FE:A9FE', 'cloud metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'IPv4-compatible form of 127.0.0.1'],
    ['::8.8.8.8', 'deprecated IPv4-compatible'],
    ['64:ff9b::10.0.0.1', 'NAT64 form of 10.0.0.1, a private'],
    ['64:ff9b::7f00:1', 'NAT64 form of 127.0.0.1'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 form of 127.0.0.1'],
    ['2002:c0a8:0101::1', '6to4 form of 192.168.1.1'],
    ['2001:db8::1', 'documentation'],
    ['2001:DB8:0:0:8:800:200C:417A', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['3fff::1', 'documentation'],
    ['100::1', 'discard-only'],
    ['fec0::1', 'site-local'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('refuses %s (%s)', (ip, reason) => {
    const verdict = classifyAddress(ip);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason).toContain(reason);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '198.17.255.255',
    '223.255.255.255',
    '2606:4700::1',
    '2001:4860:4860::8888',
    '::ffff:93.184.216.34',
    '64:ff9b::8.8.8.8',
    '2002:5db8:d822::1',
  ])('allows the public address %s', (ip) => {
    expect(classifyAddress(ip)).toEqual({ allowed: true });
  });

  it.each(['example.com', '', '1.2.3.4.5', '256.0.0.1', '::1::2', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0'])(
    'does not take %j for an address',
    (text) => {
      expect(classifyAddress(text)).toEqual({ allowed: false, reason: 'not an IP address' });
    },
  );
});

describe('IP literal parsing', () => {
  it.each([
    ['0x7f000001', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['10.1.258', '10.1.1.2'],
    ['4294967295', '255.255.255.255'],
  ])('reads the IPv4 spelling %s as %s', (text, canonical) => {
    expect(parseIpLiteral(text)?.canonical).toBe(canonical);
  });

  it('rejects IPv4 numbers out of range or with bad digits', () => {
    expect(parseIpv4('4294967296')).toBeNull();
    expect(parseIpv4('08.0.0.1')).toBeNull();
    expect(parseIpv4('1.2.3.256')).toBeNull();
    expect(parseIpv4('0xg.1')).toBeNull();
  });

  it.each([
    ['0:0:0:0:0:ffff:7f00:1', '::ffff:7f00:1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['1::', '1::'],
  ])('writes the IPv6 address %s canonically as %s', (text, canonical) => {
    const bytes = parseIpv6(text);
    expect(bytes && formatIpv6(bytes)).toBe(canonical);
  });

  it('rejects a malformed embedded IPv4', () => {
    expect(parseIpv6('::ffff:127.0.0.01')).toBeNull();
    expect(parseIpv6('::ffff:127.1')).toBeNull();
  });
});

describe('allow-list', () => {
  it('parses CRAWLER_ALLOWED_HOSTS into canonical keys', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts(' 127.0.0.1, LocalHost. ,,[0:0::1],127.0.0.1')).toEqual([
      '127.0.0.1',
      'localhost',
      '::1',
    ]);
  });

  it('matches host names and every spelling of a listed address, on any port', () => {
    const allowed = parseAllowedHosts('127.0.0.1,localhost');
    expect(isAllowListed(parseHost('0x7f000001'), allowed, 80)).toBe(true);
    expect(isAllowListed(parseHost('LOCALHOST.'), allowed, 4310)).toBe(true);
    expect(isAllowListed(parseHost('127.0.0.2'), allowed, 80)).toBe(false);
    expect(isAllowListed(parseHost('localhost.example'), allowed, 80)).toBe(false);
  });

  it('parses host:port entries, bracketed IPv6 with a port, and drops what is neither', () => {
    expect(
      parseAllowedHosts('127.0.0.1:4310, LocalHost.:8080, [0:0::1]:443, [::1], ::1, 0x7f000001:4310'),
    ).toEqual(['127.0.0.1:4310', 'localhost:8080', '[::1]:443', '::1']);
    for (const bad of [
      '127.0.0.1:',
      '127.0.0.1:0',
      '127.0.0.1:65536',
      'host:port',
      '[localhost]:80',
      ':80',
      '[]',
    ])
      expect(parseAllowEntry(bad), bad).toBeNull();
    expect(parseAllowEntry(' shop.test:8443 ')).toEqual({ host: parseHost('shop.test'), port: 8443 });
    expect(parseAllowEntry('shop.test')).toEqual({ host: parseHost('shop.test'), port: null });
  });

  it('exempts a host:port entry on that port only', () => {
    const allowed = parseAllowedHosts('127.0.0.1:4310,[::1]:4311,shop.test:8080');
    expect(isAllowListed(parseHost('127.0.0.1'), allowed, 4310)).toBe(true);
    expect(isAllowListed(parseHost('2130706433'), allowed, 4310)).toBe(true);
    expect(isAllowListed(parseHost('127.0.0.1'), allowed, 4311)).toBe(false);
    expect(isAllowListed(parseHost('127.0.0.1'), allowed, 80)).toBe(false);
    expect(isAllowListed(parseHost('[::1]'), allowed, 4311)).toBe(true);
    expect(isAllowListed(parseHost('::1'), allowed, 4310)).toBe(false);
    expect(isAllowListed(parseHost('SHOP.test.'), allowed, 8080)).toBe(true);
    expect(isAllowListed(parseHost('shop.test'), allowed, 80)).toBe(false);
  });
});
