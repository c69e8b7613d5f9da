import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../testing/zip-fixture.ts';
import { ecbHistory } from '../testing/ecb-history.ts';
import { isZip, readZipCsv, ZipError } from './zip-entry.ts';

const csv = Buffer.from(ecbHistory(300));

describe('reading the ECB ZIP', () => {
  it('inflates the CSV entry, whether its sizes are in the header or in a data descriptor', () => {
    for (const descriptor of [false, true]) {
      const zip = zipOf([{ name: 'eurofxref-hist.csv', data: csv, descriptor }]);
      expect(isZip(zip)).toBe(true);
      expect(readZipCsv(zip, 10_000_000).equals(csv)).toBe(true);
    }
  });

  it('finds the CSV among other entries, stored or deflated', () => {
    const zip = zipOf([
      { name: 'README.txt', data: Buffer.from('rates'), method: 0 },
      { name: 'rates.CSV', data: csv, method: 0 },
    ]);
    expect(readZipCsv(zip, 10_000_000).equals(csv)).toBe(true);
  });

  it('refuses a bomb past the cap, a corrupt entry, and an archive without a CSV', () => {
    const big = zipOf([{ name: 'a.csv', data: Buffer.alloc(2_000_000, 'a') }]);
    expect(big.length).toBeLessThan(10_000);
    expect(() => readZipCsv(big, 1_000_000)).toThrow(new ZipError('validation.fx_import_too_large'));
    // One that claims to be small stops inflating at the cap.
    const liar = zipOf([{ name: 'a.csv', data: Buffer.alloc(2_000_000, 'a'), claim: 1000 }]);
    expect(() => readZipCsv(liar, 1_000_000)).toThrow(new ZipError('validation.fx_import_zip'));
    const zip = zipOf([{ name: 'eurofxref-hist.csv', data: csv }]);
    const corrupt = Buffer.from(zip);
    corrupt[60] = corrupt[60]! ^ 0xff;
    expect(() => readZipCsv(corrupt, 10_000_000)).toThrow(new ZipError('validation.fx_import_zip'));
    expect(() => readZipCsv(zipOf([{ name: 'a.txt', data: csv }]), 10_000_000)).toThrow(ZipError);
    expect(() => readZipCsv(Buffer.from('PK\u0003\u0004 not really'), 10_000_000)).toThrow(ZipError);
    expect(isZip(csv)).toBe(false);
  });

  // An archive written by another program than this test's, when Info-ZIP is installed.
  it.skipIf(!existsSync('/usr/bin/zip'))('reads what Info-ZIP writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'preciofab-zip-'));
    writeFileSync(join(dir, 'eurofxref-hist.csv'), csv);
    execFileSync('/usr/bin/zip', ['-q', '-9', 'hist.zip', 'eurofxref-hist.csv'], { cwd: dir });
    expect(readZipCsv(readFileSync(join(dir, 'hist.zip')), 10_000_000).equals(csv)).toBe(true);
    // Written to a pipe, which zip cannot seek back in: the sizes follow in a data descriptor.
    const streamed = execFileSync('/usr/bin/zip', ['-q', '-', 'eurofxref-hist.csv'], { cwd: dir });
    expect(streamed.readUInt16LE(6) & 8).toBe(8);
    expect(readZipCsv(streamed, 10_000_000).equals(csv)).toBe(true);
  });
});
